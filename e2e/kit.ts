import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

/** The e2e server's generated admin secret (scripts/e2e-server.mjs keeps its data here). */
export const ADMIN_SECRET_FILE = path.resolve(import.meta.dirname, '../test-results/e2e-data/admin-secret');

export function adminSecret(): string {
  return fs.readFileSync(ADMIN_SECRET_FILE, 'utf8').trim();
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/admin/login', { data: { secretCode: adminSecret() } });
  return ((await answer.json()) as { token: string }).token;
}

/**
 * Signs the operator in and picks the language, for the pages this page opens next (it opens the
 * shop first, to reach its storage).
 */
export async function operatorInLanguage(page: Page, request: APIRequestContext, language: string): Promise<void> {
  const token = await adminToken(request);
  await page.goto('/');
  await page.evaluate(
    ([lang, value]) => {
      localStorage.setItem('language', lang);
      localStorage.setItem('adminToken', value);
    },
    [language, token] as const,
  );
}

/** A new gift card worth `amount` dollars, made by the operator. */
export async function createGiftcard(request: APIRequestContext, amount: number): Promise<string> {
  const created = await request.post('/api/admin/giftcards', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { amount, count: 1 },
  });
  const { codes } = (await created.json()) as { codes: string[] };
  return codes[0]!;
}

/** Where an imported proxy stands: the rest of its line is residential SOCKS5 of Example Telecom, fraud score 5. */
export interface SocksLine {
  ip: string;
  port: number;
  country: string;
  region: string;
  city: string;
  zip: string;
  upstream: string;
}

/**
 * Imports the lines through the console API, which must accept them, and answers their ids in
 * order; `Ids` names how many the caller imported, e.g. `[number, number]`.
 */
export async function importSocksProxies<Ids extends number[]>(
  request: APIRequestContext,
  admin: { authorization: string },
  lines: SocksLine[],
): Promise<Ids> {
  const imported = await request.post('/api/admin/proxies', {
    headers: admin,
    data: {
      proxies: lines.map((line) => ({
        ip: line.ip,
        port: line.port,
        protocol: 'SOCKS5',
        type: 'residential',
        country: line.country,
        region: line.region,
        city: line.city,
        isp: 'Example Telecom',
        zip: line.zip,
        fraud_score: 5,
        upstream: line.upstream,
      })),
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  return ((await imported.json()) as { ids: Ids }).ids;
}

/**
 * A new customer with $10 from a gift card, signed in in this page, which then opens `open` (the
 * screen a test starts on) if given; answers the API key.
 */
export async function fundedCustomer(page: Page, request: APIRequestContext, open?: string): Promise<string> {
  const { apiKey } = (await (await request.post('/api/register')).json()) as { apiKey: string };
  const giftcard = await createGiftcard(request, 10);
  await request.post('/api/payments/giftcard', { headers: { 'x-api-key': apiKey }, data: { giftcard } });
  await page.goto('/');
  await page.evaluate((key) => localStorage.setItem('apiKey', key), apiKey);
  if (open) await page.goto(open);
  return apiKey;
}

/**
 * Waits for running transitions (a toast sliding in, a dialog fading in) to end, at most 2 s:
 * axe measures colour contrast on what is painted, and a half-faded toast reads as low contrast.
 * Endless animations (spinners) are not waited for.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((done) => setTimeout(done, 2000)),
    ]),
  );
}

/** The uncaught errors of a page's scripts, as they happen: a test ends by expecting none. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Moderate rules held to as strictly as the serious ones: a repeated landmark name makes a
 * screen reader's list of landmarks ambiguous, and once fixed it should stay so.
 */
const ALSO_REJECTED = new Set(['landmark-unique']);

/**
 * axe finds nothing serious or critical on the page, nor a violation of ALSO_REJECTED, once its
 * transitions have ended. Legacy mode runs axe in the page itself: the default runs it in parts and
 * joins them in a second, blank page, for cross-origin frames, which the shop has none of; that
 * cost 2.5 times as long on the six-language screen test (92 s of axe per language against 37 s).
 * Only violations are read, so passes are not collected.
 */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  await settleTransitions(page);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_REJECTED.has(v.id),
  );
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}
