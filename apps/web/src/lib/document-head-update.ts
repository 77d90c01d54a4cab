import { parsePublicPath, type PublicPage } from '@portal/contract';
import type { i18n as I18n } from 'i18next';
import { HEAD_NAMESPACES, PAGES_WITH_OWN_DESCRIPTION, titleAndDescription } from '../ssr/head';
import { languagePrefixOf, notFoundLanguage } from './app-paths';
import { PUBLIC_PAGE_NAMESPACES } from './public-page-namespaces';

/** The signed-in screens' titles: their name in the header's menu. */
const SCREEN_NAMES: Record<string, 'nav.proxy' | 'nav.history' | 'nav.account' | 'nav.payment' | 'nav.signup'> = {
  '/proxy': 'nav.proxy',
  '/history': 'nav.history',
  '/account': 'nav.account',
  '/payment': 'nav.payment',
  '/signup': 'nav.signup',
};

function setHead(title: string, description: string, { index = true }: { index?: boolean } = {}) {
  document.title = title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  // A page-not-found page keeps search engines away; the next real page lets them back.
  let robots = document.querySelector('meta[name="robots"]');
  if (index) robots?.remove();
  else if (!robots) {
    robots = document.createElement('meta');
    robots.setAttribute('name', 'robots');
    robots.setAttribute('content', 'noindex');
    document.head.append(robots);
  }
}

/**
 * Writes the head of the page at `pathname` (useDocumentHead loads this with its first move, so
 * that the public pages' first script leaves it out). `isCurrent` turns false when the visitor
 * has moved on meanwhile: then an older page's title must not overwrite the newer one.
 */
export async function updateDocumentHead(
  pathname: string,
  language: string,
  i18n: I18n,
  isCurrent: () => boolean,
): Promise<void> {
  const match = parsePublicPath(pathname);
  const page: PublicPage = match?.page ?? '/';
  const missing = notFoundLanguage(pathname) !== null;
  const lng = match?.language ?? languagePrefixOf(pathname) ?? language;
  // The address's language may not be the one loaded yet (a saved choice moving the visitor
  // to /hi/): its own files are read, or the title would be made of keys.
  // `meta` only where the head reads it: any other page would download a file it never shows.
  const meta = missing || PAGES_WITH_OWN_DESCRIPTION.includes(page) ? (['meta'] as const) : [];
  await i18n.reloadResources([lng], ['common', ...meta, ...PUBLIC_PAGE_NAMESPACES[page]]);
  if (!isCurrent()) return;
  const t = i18n.getFixedT(lng, HEAD_NAMESPACES);
  const head = titleAndDescription(page, t);
  const screen = match ? undefined : SCREEN_NAMES[pathname];
  if (missing) setHead(`${t('meta:notFound.title')} | ${t('common:brand')}`, head.description, { index: false });
  else if (screen) setHead(`${t(`common:${screen}`)} | ${t('common:brand')}`, head.description);
  else setHead(head.title, head.description);
}
