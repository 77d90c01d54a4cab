import { LANGUAGES, PUBLIC_PAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
const PUBLIC_URL = 'https://shop.example';

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL } });
});
afterAll(async () => {
  await t.close();
});

describe('crawling', () => {
  it('robots.txt is text that allows the public pages, keeps crawlers off private routes and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const prefix of ['/api/', '/account', '/proxy', '/history', '/payment', '/signup', '/admin', '/pay/']) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // No disallowed prefix hides a public page.
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    for (const page of PUBLIC_PAGES) expect(disallowed.some((prefix) => page.startsWith(prefix))).toBe(false);
  });

  it('sitemap.xml lists each public page in each language with all its alternates and x-default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const entries = [...response.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? '');
    expect(entries).toHaveLength(PUBLIC_PAGES.length * LANGUAGES.length);
    const locs = entries.map((entry) => entry.match(/<loc>([^<]+)<\/loc>/)?.[1]);
    expect(new Set(locs).size).toBe(entries.length);
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(locs).toContain(`${PUBLIC_URL}/ru/`);
    expect(locs).toContain(`${PUBLIC_URL}/zh-CN/articles/router-setup`);
    const newsInHindi = entries.find((entry) => entry.includes(`<loc>${PUBLIC_URL}/hi/news</loc>`)) ?? '';
    for (const language of LANGUAGES) {
      const href = `${PUBLIC_URL}${language === 'en' ? '' : `/${language}`}/news`;
      expect(newsInHindi).toContain(`<xhtml:link rel="alternate" hreflang="${language}" href="${href}"/>`);
    }
    expect(newsInHindi).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/news"/>`);
  });

  it('public pages without a built renderer fall through to the API 404 when no web app is served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ru/news' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
