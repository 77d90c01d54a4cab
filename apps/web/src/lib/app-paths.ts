import { DEFAULT_LANGUAGE, LANGUAGES, parsePublicPath, type Language } from '@portal/contract';

/**
 * The full app's screens besides the storefront's pages (router.tsx): the server answers them with
 * the app shell, and every other address with the page-not-found page and status 404.
 */
const APP_SCREENS: ReadonlySet<string> = new Set([
  '/signup',
  '/stock',
  '/account',
  '/email/confirm',
  '/proxy',
  '/history',
  '/payment',
]);

/** Sections with routes of their own: the operator console and the sandbox provider's checkout. */
const APP_SECTIONS = ['/admin/', '/pay/'];

/** The language a path's first segment names (`/ru/nothing` is Russian), or null when it names none. */
export function languagePrefixOf(pathname: string): Language | null {
  const first = pathname.split('/')[1] ?? '';
  return LANGUAGES.find((language) => language !== DEFAULT_LANGUAGE && language === first) ?? null;
}

/**
 * The language of the page-not-found page at `pathname`, or null when a page of the app is there.
 * A trailing slash changes nothing, as in the router (`/proxy/` is the catalogue).
 */
export function notFoundLanguage(pathname: string): Language | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  if (parsePublicPath(path) || APP_SCREENS.has(path)) return null;
  if (path === '/admin' || APP_SECTIONS.some((section) => path.startsWith(section))) return null;
  return languagePrefixOf(path) ?? DEFAULT_LANGUAGE;
}
