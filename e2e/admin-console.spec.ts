import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminSecret, expectNoSeriousViolations, pageErrors } from './kit';

const HEADER = 'ip,port,protocol,type,country,region,city,isp,zip,fraud_score,upstream';

async function adminLogIn(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await page.getByLabel('Secret code').fill(adminSecret());
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

test('operator imports a CSV and sees the rows', async ({ page }) => {
  const failures = pageErrors(page);
  // Documentation-range IPs on random high ports, and a city name of this run to search by,
  // so a re-run against the same data cannot collide with (or find) an earlier run's rows.
  const tag = `Testville${Date.now().toString(36)}`;
  const base = 20_000 + Math.floor(Math.random() * 40_000);
  const rows = [1, 2, 3].map((n) => ({ ip: `198.51.100.${200 + n}`, port: base + n }));
  const line = (row: { ip: string; port: number | string }, country = 'US') =>
    `${row.ip},${row.port},SOCKS5,residential,${country},California,${tag},Example ISP,90001,5,direct`;

  await adminLogIn(page);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inventory' })).toHaveAttribute('aria-current', 'page');

  // A bad file first: nothing is stored, and every bad row is named with its field.
  const rowsBox = page.getByRole('textbox', { name: 'Upstream lines, CSV or JSON' });
  await rowsBox.fill([HEADER, line(rows[0]!), line({ ...rows[1]!, port: 70000 }), line(rows[2]!, 'USA')].join('\n'));
  await page.getByRole('button', { name: 'Import' }).click();
  const problems = page.getByRole('list', { name: 'Rows with problems' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Row 2, port: port must be a whole number from 1 to 65535',
    'Row 3, country: country must be a two-letter ISO 3166 code',
  ]);

  await rowsBox.fill([HEADER, ...rows.map((row) => line(row))].join('\n'));
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Import done. Proxies added: 3.')).toBeVisible();
  await expect(problems).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search' }).fill(tag.toLowerCase());
  const tableRows = page.getByTestId('inventory-row');
  await expect(tableRows).toHaveCount(3);
  for (const row of rows) {
    await expect(tableRows.filter({ hasText: `${row.ip}:${row.port}` })).toContainText('Free');
  }
  await expect(page.getByTestId('inventory-count')).toContainText(/^3 of \d+ proxies match/);

  // Disable them again: this exercises enable/disable, and leaves the customer catalogue as the
  // other browser tests expect it (they share this server and count its 200 demo proxies).
  for (const row of rows) {
    const tableRow = tableRows.filter({ hasText: `${row.ip}:${row.port}` });
    await tableRow.getByRole('button', { name: /^Disable proxy/ }).click();
    // A free proxy: the confirmation says no rental uses it.
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('No active rental uses this proxy');
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(tableRow.getByRole('button', { name: /^Enable proxy/ })).toBeVisible();
    await expect(tableRow).toContainText('Disabled');
  }

  // The import is in the audit log.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByTestId('audit-row').first()).toContainText('proxies.disable');
  await expect(page.getByTestId('audit-row').filter({ hasText: 'proxies.import' }).first()).toContainText('"added":3');
  expect(failures).toEqual([]);
});

/** A new customer through the public API; answers its referral key. */
async function newCustomer(request: APIRequestContext): Promise<string> {
  const { apiKey } = (await (await request.post('/api/register')).json()) as { apiKey: string };
  const login = await request.post('/api/login', { headers: { 'x-api-key': apiKey } });
  return ((await login.json()) as { referral_key: string }).referral_key;
}

test('operator finds a customer by referral key and adjusts the balance, never below zero', async ({
  page,
  request,
}) => {
  const referralKey = await newCustomer(request);
  await adminLogIn(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('searchbox', { name: 'Referral key or customer ID' }).fill(referralKey);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: referralKey }).click();
  await expect(page.getByTestId('customer-balance')).toHaveText('$0.00');

  const amount = page.getByRole('textbox', { name: 'Amount in dollars (negative takes away)' });
  const reason = page.getByRole('textbox', { name: 'Reason (kept in the ledger)' });
  await amount.fill('10');
  await reason.fill('e2e welcome credit');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Done. The balance is now $10.00.')).toBeVisible();
  await expect(page.getByTestId('customer-balance')).toHaveText('$10.00');
  const ledger = page.getByRole('table', { name: 'Ledger (newest first)' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('e2e welcome credit');

  await amount.fill('-20');
  await reason.fill('too much');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Refused:' })).toContainText(
    'The adjustment would make the balance negative',
  );
  await expect(page.getByTestId('customer-balance')).toHaveText('$10.00');
});

test('console screens have no serious accessibility violations, and fit a 375 px phone', async ({ page }) => {
  // Five screens, each checked by axe and again at phone width: more than the default 30 s.
  test.setTimeout(90_000);
  await adminLogIn(page);
  await expect(page.getByTestId('stat-customers')).toBeVisible();
  await expect(page.getByRole('img', { name: /Money by day/ })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin');
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expectNoSeriousViolations(page, '/admin (table shown)');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inventory' }).click();
  await expect(page.getByTestId('inventory-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/inventory');
  for (const [link, ready] of [
    ['Customers', page.getByRole('table', { name: 'Newest customers' })],
    ['Gift cards', page.getByRole('heading', { name: 'All gift cards' })],
    ['Audit log', page.getByRole('table', { name: 'Audit log' })],
    ['Replacements', page.getByRole('table', { name: 'Proxy replacements' })],
  ] as const) {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link }).click();
    await expect(ready).toBeVisible();
    await expectNoSeriousViolations(page, link);
  }

  await page.setViewportSize({ width: 375, height: 800 });
  const screens = ['/admin', '/admin/inventory', '/admin/customers', '/admin/giftcards', '/admin/audit'];
  for (const screen of [...screens, '/admin/replacements']) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Wide tables scroll inside their own box; the page itself never scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, screen).toBeLessThanOrEqual(0);
    // On a phone the links, the name and Log out wait behind one menu button.
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeInViewport();
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Operator console' });
  await menu.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
  await expect(menu).toBeHidden();
  await expectNoSeriousViolations(page, '/admin/audit at 375 px');
});
