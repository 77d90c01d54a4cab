import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

const ADMIN_SECRET_FILE = path.resolve(import.meta.dirname, '../test-results/e2e-data/admin-secret');

/** A new customer with $10 from a gift card, signed in in this page. */
async function fundedCustomer(page: Page, request: APIRequestContext): Promise<string> {
  const { apiKey } = (await (await request.post('/api/register')).json()) as { apiKey: string };
  const secretCode = fs.readFileSync(ADMIN_SECRET_FILE, 'utf8').trim();
  const { token } = (await (await request.post('/api/admin/login', { data: { secretCode } })).json()) as {
    token: string;
  };
  const created = await request.post('/api/admin/giftcards', {
    headers: { authorization: `Bearer ${token}` },
    data: { amount: 10, count: 1 },
  });
  const { codes } = (await created.json()) as { codes: string[] };
  await request.post('/api/payments/giftcard', { headers: { 'x-api-key': apiKey }, data: { giftcard: codes[0] } });
  await page.goto('/');
  await page.evaluate((key) => localStorage.setItem('apiKey', key), apiKey);
  return apiKey;
}

async function expectNoSeriousViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

test('catalogue, purchase dialog, history and payments have no serious accessibility violations', async ({
  page,
  request,
}) => {
  await fundedCustomer(page, request);
  await page.goto('/proxy');
  await expect(page.getByTestId('proxy-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/proxy');
  await page.getByTestId('proxy-row').first().getByRole('button').last().click();
  await expect(page.getByRole('dialog', { name: 'Buy proxies' })).toBeVisible();
  await expectNoSeriousViolations(page, 'purchase dialog');
  await page.keyboard.press('Escape');
  await page.goto('/history');
  await expect(page.getByRole('link', { name: 'Browse proxies' })).toBeVisible();
  await expectNoSeriousViolations(page, '/history');
  await page.goto('/payment');
  await expect(page.getByRole('option', { name: 'BTC' })).toBeAttached();
  await expectNoSeriousViolations(page, '/payment');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the catalogue shows cards, and the purchase bar sticks to the bottom', async ({ page, request }) => {
    await fundedCustomer(page, request);
    await page.goto('/proxy');
    const card = page.getByTestId('proxy-row').first();
    await expect(card).toBeVisible();
    expect(await card.evaluate((element) => element.tagName)).toBe('LI');
    await expect(page.getByRole('table')).toHaveCount(0);
    await card.click();
    const buy = page.getByRole('button', { name: 'Buy selected (1)' });
    await expect(buy).toBeInViewport();
    await page.mouse.wheel(0, 3000);
    await expect(buy).toBeInViewport();
    const box = await buy.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThan(740 - 80);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
