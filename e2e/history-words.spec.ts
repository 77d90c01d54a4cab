import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { fundedCustomer, operatorInLanguage } from './kit';

/** Screenshots for a person to look at, beside the other screens' (ux-screens.spec.ts). */
const SHOTS = path.resolve(import.meta.dirname, '../test-results/ux-shots');

/**
 * No word of a table is broken across lines: each piece of text takes at most one line per word.
 * Chinese may break between any two characters, and a squeezed column put "购买" (purchase) one
 * character a line in the ledger and the transactions.
 */
async function expectWholeWords(table: Locator, where: string): Promise<void> {
  await expect(table).toBeVisible();
  const broken = await table.evaluate((element) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = [...range.getClientRects()].map((rect) => rect.top).sort((a, b) => a - b);
      const lines = tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 2).length;
      if (lines > text.split(/\s+/).length) found.push(`${text} (${lines} lines)`);
    }
    return found;
  });
  expect(broken, where).toEqual([]);
}

async function shot(page: Page, table: Locator, name: string): Promise<void> {
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

for (const language of ['zh-CN', 'es'] as const) {
  test(`the customer's history and the console's ledger keep words whole in ${language}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const apiKey = await fundedCustomer(page, request);
    const headers = { 'x-api-key': apiKey };
    const list = (await (await request.get('/api/proxy/list', { headers })).json()) as { proxies: { id: number }[] };
    const bought = await request.post('/api/proxy/buy', {
      headers,
      data: { task: 'up', id: list.proxies.at(-1)!.id, hours: '24' },
    });
    expect(bought.ok()).toBe(true);
    await operatorInLanguage(page, request, language);

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const tag = `${language}-${width}`;
      await page.goto('/payment');
      await page.getByRole('tab').nth(1).click();
      const transactions = page.getByRole('tabpanel').locator('table');
      // The page's chunk and its queries load first: on a busy machine that has taken over 5 s.
      await expect(page.getByTestId('transaction-row')).toHaveCount(1, { timeout: 15_000 });
      await expectWholeWords(transactions, `transactions ${tag}`);
      await shot(page, transactions, `history-transactions-${tag}`);
      await page.getByRole('tab').nth(2).click();
      await expect(page.getByTestId('activity-row')).toHaveCount(2);
      const activity = page.getByRole('tabpanel').locator('table');
      await expectWholeWords(activity, `wallet activity ${tag}`);

      await page.goto('/admin/customers');
      await page.locator('main table tbody tr a').first().click();
      await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
      // The ledger, the rentals and the payments.
      const tables = page.locator('main table');
      await expect(tables).toHaveCount(3, { timeout: 20_000 });
      for (const table of await tables.all()) await expectWholeWords(table, `customer ${tag}`);
      await shot(page, tables.first(), `console-ledger-${tag}`);
    }
  });
}
