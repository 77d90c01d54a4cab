import { DEFAULT_LANGUAGE, LANGUAGES, PUBLIC_PAGES, localizedPath, type PublicPage } from '@portal/contract';

/** Screens behind a login or that act on a visit (sign-up creates an account): not for crawlers. */
const PRIVATE_PATHS = ['/api/', '/account', '/proxy', '/history', '/payment', '/signup', '/admin', '/pay/'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const xml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/** Every public page in every language, each with its alternates (sitemaps.org + hreflang). */
export function sitemapXml(publicUrl: string): string {
  const url = (language: (typeof LANGUAGES)[number], page: PublicPage) =>
    xml(publicUrl + localizedPath(language, page));
  const entries = PUBLIC_PAGES.flatMap((page) => {
    const alternates = [
      ...LANGUAGES.map((lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${url(lang, page)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LANGUAGE, page)}"/>`,
    ];
    return LANGUAGES.map((language) =>
      ['  <url>', `    <loc>${url(language, page)}</loc>`, ...alternates, '  </url>'].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
