import { expect, test, type Page } from '@playwright/test';
import { adminSecret, expectNoSeriousViolations, pageErrors } from './kit';

/** No element makes the page wider than the window. */
async function expectNoSideScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

/** The inventory table needs no sideways scrolling at this width: the gateway and action columns are in view. */
async function expectInventoryFits(page: Page, where: string) {
  const region = page.locator('div[role=region]').filter({ has: page.getByTestId('inventory-row') });
  expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth), where).toBeLessThanOrEqual(0);
}

test('the owner adds a node, sees its token once, moves a proxy onto it and back, and revokes it', async ({ page }) => {
  // Two widths, two languages, axe on five states and the whole inventory loaded four times: far
  // more than the default 30 s on a machine the other tests share.
  test.setTimeout(300_000);
  const failures = pageErrors(page);
  const name = `fra-${Date.now().toString(36)}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await page.getByLabel('Secret code').fill(adminSecret());
  await page.getByRole('button', { name: 'Log in' }).click();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Nodes' }).click();
  await expect(page.getByRole('heading', { name: 'Gateway nodes', level: 1 })).toBeVisible({ timeout: 30_000 });
  // The shop's own version, which a node on other code is marked against.
  await expect(page.getByTestId('shop-version')).toHaveText(/^The shop's version: \d+\.\d+\.\d+(\+[0-9a-f]{12})?$/);

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Host customers connect to').fill('node1.example.net');
  await page.getByRole('button', { name: 'Add node' }).click();
  const token = (await page.getByTestId('node-token').textContent())?.trim() ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('node-command')).toHaveText(
    `PANEL_URL=${new URL(page.url()).origin} NODE_TOKEN=${token} GATEWAY_HOST=node1.example.net npm run gateway`,
  );
  const row = page.getByTestId('node-row').filter({ hasText: name });
  await expect(row.getByTestId('node-state')).toHaveText('Offline');
  await expect(row).toContainText('Never');
  await expectNoSideScroll(page, '/admin/nodes at 1,280 px');
  await expectNoSeriousViolations(page, '/admin/nodes (token shown)');

  // Once: the screen opened again lists the node and shows no token.
  await page.reload();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('node-token')).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  // The inventory's gateway column, within 1,280 px in English and in Russian.
  await nav.getByRole('link', { name: 'Inventory' }).click();
  const first = page.getByTestId('inventory-row').first();
  // The whole inventory loads at once, on a machine the other tests share.
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expectInventoryFits(page, 'inventory at 1,280 px');
  const gateway = first.getByRole('combobox', { name: /^Gateway of proxy/ });
  const proxyId = (await gateway.getAttribute('aria-label'))?.replace('Gateway of proxy ', '') ?? '';
  await gateway.selectOption({ label: name });
  await expect(page.getByText(`Proxy ${proxyId} is now served by ${name}.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Gateway of proxy ${proxyId}`, exact: true })).toHaveValue(/^\d+$/, {
    timeout: 30_000,
  });
  await expect(
    page.getByRole('combobox', { name: `Gateway of proxy ${proxyId}`, exact: true }).locator('option:checked'),
  ).toHaveText(name);
  await expectNoSeriousViolations(page, '/admin/inventory (a proxy on a node)');
  await page.evaluate(() => localStorage.setItem('language', 'ru'));
  await page.reload();
  await expect(page.getByTestId('inventory-row').first()).toBeVisible({ timeout: 30_000 });
  await expectInventoryFits(page, 'inventory at 1,280 px in Russian');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByTestId('inventory-row').first()).toBeVisible({ timeout: 30_000 });
  // Back to the shop's own gateway: the other browser tests rent the demo proxies through it.
  await page
    .getByRole('combobox', { name: `Gateway of proxy ${proxyId}`, exact: true })
    .selectOption({ label: 'Shop' });
  await expect(page.getByText(`Proxy ${proxyId} is now served by Shop gateway.`)).toBeVisible();

  // A phone: the Nodes screen without sideways scrolling, the table in its own box.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/nodes');
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expectNoSideScroll(page, '/admin/nodes at 375 px');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeInViewport();
  await expectNoSeriousViolations(page, '/admin/nodes at 375 px');

  // Revoke, after a confirmation.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await expect(confirm).toContainText('Proxies assigned to it: 0');
  await expectNoSeriousViolations(page, 'revoke confirmation at 375 px');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`${name} was revoked.`)).toBeVisible();
  await expect(row.getByTestId('node-state')).toHaveText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
  expect(failures).toEqual([]);
});
