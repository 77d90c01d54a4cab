import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, pageErrors } from './kit';

/**
 * the public pages arrive as complete HTML in every language, hydrate without warnings,
 * and crawlers find them through robots.txt and sitemap.xml.
 */
const LANGUAGES = ['en', 'ru', 'hi', 'es', 'fr', 'zh-CN'] as const;
type Language = (typeof LANGUAGES)[number];
const LOCALES = path.resolve(import.meta.dirname, '../apps/web/src/locales');

function locale(language: Language, namespace: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as unknown;
}
const get = (object: unknown, key: string): string =>
  key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown>)[part], object) as string;

/** Each page's headline and a sentence of its body, as the page's own translations word them. */
const PAGES: { page: string; namespace: string; headline: string; body: string }[] = [
  { page: '/', namespace: 'landing', headline: 'hero.title', body: 'hero.subtitle' },
  { page: '/news', namespace: 'news', headline: 'title', body: 'empty' },
  { page: '/terms', namespace: 'terms', headline: 'title', body: 'intro' },
  { page: '/support', namespace: 'support', headline: 'title', body: 'intro' },
  { page: '/login', namespace: 'auth', headline: 'login.title', body: 'login.keyLabel' },
  { page: '/articles/setup-proxy', namespace: 'setupGuide', headline: 'title', body: 'intro' },
  { page: '/articles/enable-antidetect', namespace: 'antidetectGuide', headline: 'title', body: 'intro' },
  { page: '/articles/router-setup', namespace: 'routerGuide', headline: 'title', body: 'intro' },
];

const localized = (language: Language, page: string) =>
  language === 'en' ? page : page === '/' ? `/${language}/` : `/${language}${page}`;

/** The text of HTML: tags dropped, the entities React writes decoded. */
function textOf(html: string): string {
  return (
    html
      // A line-break opportunity (the support address may wrap after "@") is no space in the text.
      .replace(/<wbr\s*\/?>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
  );
}

test('every public page in every language is complete HTML without scripts: text, lang, hreflang, canonical', async ({
  request,
  baseURL,
}) => {
  for (const { page, namespace, headline, body } of PAGES) {
    for (const language of LANGUAGES) {
      const url = localized(language, page);
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/html/);
      const html = await response.text();
      const text = textOf(html);
      const strings = locale(language, namespace);
      expect(textOf(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? ''), url).toContain(get(strings, headline));
      expect(text, url).toContain(get(strings, body));
      expect(html, url).toContain(`<html lang="${language}">`);
      // All in place: no part held back for an inline script to move in (the CSP blocks those).
      expect(html, url).not.toMatch(/<script>|<div hidden| style="/);
      expect(html, url).toContain(`<link rel="canonical" href="${baseURL}${url}" />`);
      for (const other of LANGUAGES) {
        expect(html, url).toContain(
          `<link rel="alternate" hreflang="${other}" href="${baseURL}${localized(other, page)}" />`,
        );
      }
      expect(html, url).toContain(`<link rel="alternate" hreflang="x-default" href="${baseURL}${page}" />`);
      expect(html, url).toMatch(/<title>[^<]+\| ProxyPort<\/title>|<title>ProxyPort: [^<]+<\/title>/);
      expect(html, url).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
      expect(html, url).toMatch(/<meta property="og:description" content="[^"]+" \/>/);
    }
  }
});

test('a news item added through the admin API is in the HTML of /news and /ru/news at once, and goes when deleted', async ({
  request,
}) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const title = `Storefront news ${Date.now()} <b>not bold</b>`;
  const added = await request.post('/api/admin/news/add', {
    headers,
    data: {
      title,
      content: 'New locations in Lisbon </script><script>alert(1)</script>',
      date: '2026-11-20',
      important: true,
    },
  });
  const { news } = (await added.json()) as { news: { _id: string } };
  try {
    for (const url of ['/news', '/ru/news']) {
      const html = await (await request.get(url)).text();
      expect(textOf(html), url).toContain(title);
      expect(html, url).not.toContain('<b>not bold</b>');
      // The data handed to hydration cannot close its <script> element.
      expect(html, url).not.toContain('</script><script>alert(1)');
    }
    expect(textOf(await (await request.get('/ru/news')).text())).toContain(get(locale('ru', 'news'), 'important'));
  } finally {
    await request.delete(`/api/admin/news/${news._id}`, { headers });
  }
  for (const url of ['/news', '/ru/news']) {
    expect(textOf(await (await request.get(url)).text()), url).not.toContain(title);
  }
});

test('robots.txt and sitemap.xml list every public page in every language', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await robots.text()).split('\n');
  expect(lines).toContain('User-agent: *');
  expect(lines).toContain('Allow: /');
  for (const path of ['/api/', '/account', '/proxy', '/history', '/payment', '/admin']) {
    expect(lines).toContain(`Disallow: ${path}`);
  }
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/,
  );
  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? '');
  const locs = entries.map((entry) => entry.match(/<loc>([^<]+)<\/loc>/)?.[1]);
  const expected = PAGES.flatMap(({ page }) => LANGUAGES.map((language) => `${baseURL}${localized(language, page)}`));
  expect(locs.sort()).toEqual(expected.sort());
  for (const entry of entries) {
    expect(entry.match(/<xhtml:link rel="alternate" hreflang="[^"]+" href="[^"]+"\/>/g)).toHaveLength(7);
  }
  // Every listed address answers a page.
  for (const loc of locs.slice(0, 8)) expect((await request.get(loc ?? '')).status()).toBe(200);
});

test('assets and pages answer brotli or gzip as the client asks, assets with their long cache', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = html.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
  const style = html.match(/<link rel="stylesheet" crossorigin href="([^"]+)"/)?.[1];
  for (const asset of [script, style]) {
    expect(asset).toBeTruthy();
    for (const encoding of ['br', 'gzip']) {
      const response = await request.get(asset ?? '', { headers: { 'accept-encoding': encoding } });
      expect(response.headers()['content-encoding'], `${asset} ${encoding}`).toBe(encoding);
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const plain = await request.get(asset ?? '', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
  }
  for (const encoding of ['br', 'gzip']) {
    const page = await request.get('/ru/terms', { headers: { 'accept-encoding': encoding } });
    expect(page.headers()['content-encoding']).toBe(encoding);
  }
});

/** Fails on any console error or warning and any page error (React reports hydration mismatches so). */
function watchConsole(page: Page): string[] {
  const problems = pageErrors(page);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  return problems;
}

test('prerendered pages hydrate without a warning and stay interactive', async ({ page }) => {
  const problems = watchConsole(page);
  for (const url of [
    '/',
    '/ru/',
    '/news',
    '/hi/news',
    '/zh-CN/terms',
    '/fr/support',
    '/es/login',
    '/articles/setup-proxy',
  ]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root h1')).toBeVisible();
    expect(problems, url).toEqual([]);
  }
  // The FAQ accordion only opens once React runs: proof that hydration took over.
  await page.goto('/');
  // The FAQ hydrates with the landing's later chunk (announced in the HTML): once the network is quiet.
  await page.waitForLoadState('networkidle');
  const question = page.getByRole('button', { name: get(locale('en', 'landing'), 'faq.items.0.q') });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  expect(problems).toEqual([]);
});

test('a page downloads the translations it shows, in its language only, each announced in its HTML', async ({
  page,
}) => {
  const translations: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.match(/^\/assets\/locales\/[^/]+\/(.+)\.js$/)?.[1];
    if (file) translations.push(file);
  });
  const response = await page.goto('/ru/articles/setup-proxy');
  await page.waitForLoadState('networkidle');
  expect(translations.sort()).toEqual(['ru/articles', 'ru/common', 'ru/setupGuide']);
  // Preloaded with the HTML, so hydration does not wait for the main script to ask for them.
  const html = (await response?.text()) ?? '';
  for (const file of translations) {
    expect(html).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/locales/[^/]+/${file}\\.js"`));
  }
});

test('the language switch moves to the page in that language, and a saved language is restored', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/news');
  await page.getByLabel('Language').selectOption('ru');
  await expect(page).toHaveURL(/\/ru\/news$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(get(locale('ru', 'news'), 'title'));
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ru');

  // An old or English link: the saved choice wins.
  await page.goto('/terms');
  await expect(page).toHaveURL(/\/ru\/terms$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByRole('link', { name: get(locale('ru', 'common'), 'nav.support') }).click();
  await expect(page).toHaveURL(/\/ru\/support$/);

  await page.getByLabel(get(locale('ru', 'common'), 'language.label')).selectOption('en');
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(get(locale('en', 'support'), 'title'));
  expect(problems).toEqual([]);
});

test('a visitor without a saved language reads the language of the address', async ({ page }) => {
  await page.goto('/fr/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(get(locale('fr', 'landing'), 'hero.title'));
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
});

test('/support states the configured SUPPORT_CONTACT in its HTML, before any script, and keeps it when the API is away', async ({
  page,
  request,
}) => {
  // scripts/e2e-server.mjs starts the server with SUPPORT_CONTACT=help@e2e-shop.example.
  const address = 'help@e2e-shop.example';
  for (const url of ['/support', '/zh-CN/support']) {
    const html = await (await request.get(url)).text();
    const root = html.match(/<div id="root">([\s\S]*?)<script id="page-data"/)?.[1] ?? '';
    expect(textOf(root), url).toContain(address);
    expect(textOf(root), url).not.toContain(get(locale(url === '/support' ? 'en' : 'zh-CN', 'support'), 'loading'));
    expect(html, url).toContain(
      `<script id="page-data" type="application/json">{"supportContact":"${address}"}</script>`,
    );
  }
  // Hydration renders the address from the page data: /api/site is never asked.
  const problems = watchConsole(page);
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/site') asked.push(sent.url());
  });
  await page.goto('/support');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: address })).toBeVisible();
  expect(asked).toEqual([]);
  expect(problems).toEqual([]);
});
