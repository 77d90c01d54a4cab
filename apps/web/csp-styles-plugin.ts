import type { Plugin } from 'vite';

const SONNER_INJECTION = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;

/**
 * Sonner adds its styles as an inline <style> element at load, which a Content-Security-Policy
 * without 'unsafe-inline' styles refuses. Its call is removed here and the same rules
 * come from `sonner/dist/styles.css`, imported into the app's stylesheet. The build fails if the
 * call is no longer found, so an update of sonner cannot silently bring the inline style back.
 */
export function sonnerStylesFromFile(): Plugin {
  return {
    name: 'sonner-styles-from-file',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id.split('?')[0] ?? '')) return null;
      if (!SONNER_INJECTION.test(code)) {
        this.error('sonner no longer injects its CSS as expected: check sonnerStylesFromFile in apps/web');
      }
      return { code: code.replace(SONNER_INJECTION, ''), map: null };
    },
  };
}

/** The same API as react-style-singleton's, on a constructed stylesheet instead of a <style> element. */
const ADOPTED_SINGLETON = `
export var stylesheetSingleton = function () {
  var counter = 0;
  var sheet = null;
  return {
    add: function (style) {
      if (counter == 0 && typeof document !== 'undefined') {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
      }
      counter++;
    },
    remove: function () {
      counter--;
      if (!counter && sheet) {
        var done = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter(function (s) { return s !== done; });
        sheet = null;
      }
    },
  };
};
`;

/**
 * Radix dialogs lock the page's scroll through react-remove-scroll, whose styles (body overflow,
 * the scrollbar gap) go into an inline <style> element that the strict CSP refuses, so the phone
 * menu let the page scroll behind it. Constructed stylesheets (`adoptedStyleSheets`) are not
 * inline styles and pass the policy; react-style-singleton's one injection point is replaced with
 * them. The build fails if that module changes shape.
 */
export function styleSingletonWithoutInlineStyle(): Plugin {
  return {
    name: 'style-singleton-adopted-sheets',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]react-style-singleton[\\/]dist[\\/]es2015[\\/]singleton\.js$/.test(id.split('?')[0] ?? '')) {
        return null;
      }
      if (!code.includes('export var stylesheetSingleton') || !code.includes("createElement('style')")) {
        this.error('react-style-singleton changed: check styleSingletonWithoutInlineStyle in apps/web');
      }
      return { code: ADOPTED_SINGLETON, map: null };
    },
  };
}
