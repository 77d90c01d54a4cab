import { expect, test, type Page } from '@playwright/test';
import { socksUpstream } from '../apps/server/test/socks-upstream';
import { adminToken, expectNoSeriousViolations, fundedCustomer, importSocksProxies, pageErrors } from './kit';

const SHOTS = 'test-results/disable-ux';

/** The inventory table needs no sideways scrolling: every column, the actions too, is in view. */
async function expectInventoryFits(page: Page) {
  const region = page.locator('div[role=region]').filter({ has: page.getByTestId('inventory-row') });
  expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
}

/** No element makes the page wider than the window. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/**
 * The operator disables a rented proxy from the console: the confirmation says one rental loses
 * access; the renter's history says Not working within 5 s, with a free replacement and the
 * refund deadline. Screenshots at 1,280 and 375 px, in English and Russian, are kept for a look.
 */
test('a disabled proxy is visible to its renter; the disable asks first', async ({ page, request }) => {
  test.setTimeout(120_000);
  const failures = pageErrors(page);
  const upstreams = [await socksUpstream(), await socksUpstream()];
  const token = await adminToken(request);
  const admin = { authorization: `Bearer ${token}` };
  const stamp = Date.now() % 200;
  const ids = await importSocksProxies<[number, number]>(
    request,
    admin,
    upstreams.map((upstream, i) => ({
      ip: `198.18.${i + 1}.${stamp + 1}`,
      port: 1080,
      country: 'LU',
      region: 'Luxembourg',
      city: 'Luxembourg',
      zip: '1000',
      upstream: upstream.url,
    })),
  );
  try {
    const apiKey = await fundedCustomer(page, request);
    const headers = { 'x-api-key': apiKey };
    expect((await request.post('/api/proxy/buy', { headers, data: { task: 'up', id: ids[0], hours: 2 } })).ok()).toBe(
      true,
    );
    const status = async () =>
      ((await (await request.get('/api/proxy/history', { headers })).json()) as { history: { status: string }[] })
        .history[0]?.status;
    await expect.poll(status, { timeout: 30_000 }).toBe('connected');

    // The operator's console, 1,280 px: the inventory fits with its actions in view.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
    await page.goto('/admin/inventory');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`198.18.1.${stamp + 1}`);
    const row = page.getByTestId('inventory-row');
    await expect(row).toHaveCount(1);
    await expectNoSideScroll(page);
    await expectInventoryFits(page);
    const disable = row.getByRole('button', { name: /^Disable proxy/ });
    await expect(disable).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/inventory-1280-en.png`, fullPage: true });
    await disable.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Active rentals that lose access at once: 1.');
    await expect(dialog.getByRole('button', { name: 'Disable and replace' })).toBeVisible();
    await expectNoSeriousViolations(page, 'disable dialog');
    await page.screenshot({ path: `${SHOTS}/disable-dialog-1280-en.png` });
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect(row.getByRole('button', { name: /^Enable proxy/ })).toBeVisible();

    // The renter's history, within 5 s.
    await page.goto('/history');
    const rented = page.getByTestId('history-row').first();
    await expect(rented.getByTestId('proxy-not-working')).toContainText('Not working', { timeout: 5_000 });
    await expect(rented).toContainText('The shop took this proxy out of service.');
    await expect(rented).toContainText('You may ask for a refund until');
    await expect(rented.getByRole('button', { name: `Refund proxy ${ids[0]}` })).toBeVisible();
    await expectNoSeriousViolations(page, 'history with a disabled proxy');
    await page.screenshot({ path: `${SHOTS}/history-1280-en.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/history-375-en.png`, fullPage: true });

    // Russian, both widths.
    await page.evaluate(() => localStorage.setItem('language', 'ru'));
    await page.goto('/history');
    await expect(page.getByTestId('proxy-not-working').first()).toContainText('Не работает');
    await page.screenshot({ path: `${SHOTS}/history-375-ru.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/history-1280-ru.png`, fullPage: true });

    // The free replacement the history offers moves the rental to the other proxy.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/history');
    await page.getByRole('button', { name: `Replace proxy ${ids[0]} free of charge` }).click();
    const manage = page.getByRole('dialog', { name: `Proxy ${ids[0]}` });
    await manage.getByRole('button', { name: 'Find a replacement' }).click();
    await manage.getByRole('button', { name: 'Confirm replacement' }).click();
    // The dialog follows the rental to its new proxy (and its new name) and shows the result there.
    await expect(page.getByRole('dialog').getByTestId('replace-result')).toContainText(
      `your rental now uses proxy ${ids[1]}`,
    );

    // News inside the console, both widths and languages.
    for (const language of ['en', 'ru']) {
      await page.evaluate((value) => localStorage.setItem('language', value), language);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/admin/news');
        // Inside the console: its navigation on a wide screen, behind its Menu button on a phone.
        if (width < 768) await expect(page.getByRole('button', { name: /Menu|Меню/ })).toBeVisible();
        else await expect(page.getByRole('navigation').first()).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/news-${width}-${language}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/admin/inventory');
      await expect(page.getByTestId('inventory-row').first()).toBeVisible();
      await expectInventoryFits(page);
      await page.screenshot({ path: `${SHOTS}/inventory-1280-${language}.png` });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${SHOTS}/inventory-375-${language}.png` });
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    expect(failures).toEqual([]);
  } finally {
    // Leave the catalogue as the other browser tests expect it (the demo's 200).
    for (const id of ids) await request.post(`/api/admin/proxies/${id}/disable`, { headers: admin });
    for (const upstream of upstreams) await upstream.stop();
  }
});
