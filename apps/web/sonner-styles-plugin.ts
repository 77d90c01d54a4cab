import type { Plugin } from 'vite';

const INJECTION = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;

/**
 * Sonner adds its styles as an inline <style> element at load, which a Content-Security-Policy
 * without 'unsafe-inline' styles refuses (issue 14). Its call is removed here and the same rules
 * come from `sonner/dist/styles.css`, imported into the app's stylesheet. The build fails if the
 * call is no longer found, so an update of sonner cannot silently bring the inline style back.
 */
export function sonnerStylesFromFile(): Plugin {
  return {
    name: 'sonner-styles-from-file',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id.split('?')[0] ?? '')) return null;
      if (!INJECTION.test(code)) {
        this.error('sonner no longer injects its CSS as expected: check sonnerStylesFromFile in apps/web');
      }
      return { code: code.replace(INJECTION, ''), map: null };
    },
  };
}
