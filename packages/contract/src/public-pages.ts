import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

/**
 * The storefront: pages anyone may read, served as complete HTML in every language.
 * English lives at the page's path, the other languages under `/{language}` (`/ru/`, `/hi/news`).
 */
export const PUBLIC_PAGES = [
  '/',
  '/news',
  '/terms',
  '/support',
  '/login',
  '/articles/setup-proxy',
  '/articles/enable-antidetect',
  '/articles/router-setup',
] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** Where `page` lives in `language`: `/news` in ru is `/ru/news`, the landing page `/ru/`. */
export function localizedPath(language: Language, page: PublicPage): string {
  if (language === DEFAULT_LANGUAGE) return page;
  return page === '/' ? `/${language}/` : `/${language}${page}`;
}

/** The public page and language a path names (`/ru` and `/ru/` both are the Russian landing page), or null. */
export function parsePublicPath(pathname: string): { page: PublicPage; language: Language } | null {
  const [, first = '', ...rest] = pathname.split('/');
  const prefixed = LANGUAGES.find((language) => language !== DEFAULT_LANGUAGE && language === first);
  const language = prefixed ?? DEFAULT_LANGUAGE;
  const page = prefixed ? `/${rest.join('/')}` : pathname;
  const found = PUBLIC_PAGES.find((candidate) => candidate === page);
  return found ? { page: found, language } : null;
}
