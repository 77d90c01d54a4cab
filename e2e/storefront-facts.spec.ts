import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fundedCustomer } from './kit';

/**
 * The landing states the stock and the configuration it is served with: the figures in the
 * server's HTML are those of GET /api/storefront, in English and Russian, and the page looks
 * right on a phone and a desktop.
 */
const LOCALES = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const SHOTS = path.resolve(import.meta.dirname, '../test-results/storefront-shots');

interface Facts {
  stock: {
    lowestHourCents: number | null;
    countries: number;
    types: { type: string; percent: number }[];
    udpPercent: number;
  };
  protocols: string[];
}
type Strings = Record<string, unknown>;

function landingStrings(language: string): Strings {
  const file = path.join(LOCALES, language, 'landing.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { facts: Strings }).facts;
}
const fill = (text: unknown, values: Record<string, string | number>) =>
  String(text).replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name]));

/** The text of HTML without its tags and scripts, the entities React writes decoded. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

test('the landing states the figures of the stock and the gateway, in English and Russian', async ({ request }) => {
  const facts = (await (await request.get('/api/storefront')).json()) as Facts;
  expect(facts.stock.lowestHourCents).not.toBeNull();
  // No TLS port in the test server: HTTPS is not offered.
  expect(facts.protocols).toEqual(['SOCKS5', 'SOCKS4', 'HTTP']);
  const price = `$${((facts.stock.lowestHourCents ?? 0) / 100).toFixed(2)}`;
  for (const [language, url, plural] of [
    ['en', '/', facts.stock.countries === 1 ? 'one' : 'other'],
    ['ru', '/ru/', new Intl.PluralRules('ru').select(facts.stock.countries)],
  ] as const) {
    const strings = landingStrings(language);
    const text = textOf(await (await request.get(url)).text());
    expect(text, url).toContain(fill(strings.price, { price }));
    expect(text, url).toContain(fill(strings[`countries_${plural}`], { count: facts.stock.countries }));
    const shares = strings.share as Strings;
    const only = strings.onlyType as Strings;
    const types =
      facts.stock.types.length === 1
        ? String(only[facts.stock.types[0]?.type ?? ''])
        : facts.stock.types.map(({ type, percent }) => fill(shares[type], { percent })).join(String(strings.separator));
    expect(text, url).toContain(types);
    expect(text, url).toContain(fill(strings.protocols, { protocols: 'SOCKS5, SOCKS4/4a, HTTP' }));
    expect(text, url).not.toContain('HTTPS');
    if (facts.stock.udpPercent === 0) expect(text, url).not.toContain('UDP');
  }
});

test('a signed-in visitor on the landing is shown the catalogue and their proxies, not the sign-up', async ({
  page,
  request,
}) => {
  await fundedCustomer(page, request);
  await page.goto('/');
  const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(hero.getByRole('link', { name: 'Go to the catalogue' })).toBeVisible();
  await expect(hero.getByRole('link', { name: 'My proxies' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get your API key' })).toHaveCount(0);
  await hero.getByRole('link', { name: 'Go to the catalogue' }).click();
  await expect(page).toHaveURL(/\/proxy$/);
});

test('screenshots of the landing at 375 and 1280 px in English and Russian', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const url of ['/', '/ru/']) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      const name = `${url === '/' ? 'en' : 'ru'}-${width}`;
      await page.screenshot({ path: path.join(SHOTS, `${name}-top.png`) });
      const facts = page.getByRole('list', { name: url === '/' ? 'Why customers choose us' : 'Почему выбирают нас' });
      await facts.scrollIntoViewIfNeeded();
      // A fifth figure, UDP, where discovery found it (the e2e server's UDP echo answers through
      // the demo's direct proxies).
      const stated = (await (await page.request.get('/api/storefront')).json()) as { stock: { udpPercent: number } };
      await expect(facts.getByRole('listitem')).toHaveCount(stated.stock.udpPercent > 0 ? 5 : 4);
      await page
        .locator('section')
        .filter({ has: facts })
        .screenshot({ path: path.join(SHOTS, `${name}-facts.png`) });
    }
  }
});
