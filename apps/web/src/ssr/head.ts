import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language, type PublicPage } from '@portal/contract';
import type { TFunction } from 'i18next';

/** Text for HTML: the five characters that could end an attribute or start markup are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

export const HEAD_NAMESPACES = [
  'common',
  'meta',
  'landing',
  'news',
  'terms',
  'support',
  'auth',
  'setupGuide',
  'antidetectGuide',
  'routerGuide',
] as const;
type HeadT = TFunction<typeof HEAD_NAMESPACES>;

/**
 * The pages whose description is a text of its own (the `meta` namespace) rather than one the page
 * shows: only these need that file to write their head.
 */
export const PAGES_WITH_OWN_DESCRIPTION: readonly PublicPage[] = ['/news', '/login'];

/** Each page's own title and description, from the text the page itself shows. */
const PAGE_TEXT: Record<PublicPage, (t: HeadT) => { title: string; description: string }> = {
  '/': (t) => ({ title: t('landing:hero.title'), description: t('landing:hero.subtitle') }),
  '/news': (t) => ({ title: t('news:title'), description: t('meta:newsDescription') }),
  '/terms': (t) => ({ title: t('terms:title'), description: t('terms:intro') }),
  '/support': (t) => ({ title: t('support:title'), description: t('support:intro') }),
  '/login': (t) => ({ title: t('auth:login.title'), description: t('meta:loginDescription') }),
  '/articles/setup-proxy': (t) => ({ title: t('setupGuide:title'), description: t('setupGuide:intro') }),
  '/articles/enable-antidetect': (t) => ({
    title: t('antidetectGuide:title'),
    description: t('antidetectGuide:intro'),
  }),
  '/articles/router-setup': (t) => ({ title: t('routerGuide:title'), description: t('routerGuide:intro') }),
};

/** Title and description of each page; the landing page leads with the brand, the others end with it. */
export function titleAndDescription(page: PublicPage, t: HeadT): { title: string; description: string } {
  const brand = t('common:brand');
  const { title, description } = PAGE_TEXT[page](t);
  return { title: page === '/' ? `${brand}: ${title}` : `${title} | ${brand}`, description };
}

/**
 * The <head> of a public page for search engines and link previews: title, description, the
 * canonical address, the page in every language (hreflang, x-default = English) and Open Graph.
 */
export function pageHead(page: PublicPage, language: Language, publicUrl: string, t: HeadT): string {
  const { title, description } = titleAndDescription(page, t);
  const url = (lang: Language) => escapeHtml(publicUrl + localizedPath(lang, page));
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${url(language)}" />`,
    ...LANGUAGES.map((lang) => `<link rel="alternate" hreflang="${lang}" href="${url(lang)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LANGUAGE)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(t('common:brand'))}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${url(language)}" />`,
    `<meta property="og:locale" content="${language.replace('-', '_')}" />`,
  ].join('\n    ');
}
