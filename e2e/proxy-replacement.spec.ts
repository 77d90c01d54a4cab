import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { socksUpstream } from '../apps/server/test/socks-upstream';
import { adminToken, expectNoSeriousViolations, fundedCustomer, importSocksProxies, pageErrors } from './kit';

interface Row {
  id: number;
  status: string;
}

/**
 * Two proxies of one country on local SOCKS5 upstreams; the customer rents the first, then its
 * upstream dies. The Manage dialog's Replace finds it failing (a live check), offers the second,
 * and moves the rental there. History rows show exit IP, country and note before and after.
 */
async function failingRental(page: Page, request: APIRequestContext, country: string, octet: number) {
  const upstreams = [await socksUpstream(), await socksUpstream()];
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const stamp = Date.now() % 200;
  const ids = await importSocksProxies<[number, number]>(
    request,
    admin,
    upstreams.map((upstream, i) => ({
      ip: `192.0.2.${octet + i * 2 + (stamp % 2)}`,
      port: 1080 + stamp,
      country,
      region: 'Capital',
      city: 'Capital City',
      zip: '100',
      upstream: upstream.url,
    })),
  );
  const apiKey = await fundedCustomer(page, request);
  const headers = { 'x-api-key': apiKey };
  expect((await request.post('/api/proxy/buy', { headers, data: { task: 'up', id: ids[0], hours: 2 } })).ok()).toBe(
    true,
  );
  await request.post('/api/proxy/note', { headers, data: { proxy_id: ids[0], note: 'checkout bot' } });
  const history = async () =>
    ((await (await request.get('/api/proxy/history', { headers })).json()) as { history: Row[] }).history;
  await expect.poll(async () => (await history())[0]?.status, { timeout: 30_000 }).toBe('connected');
  await upstreams[0]!.stop();
  const cleanup = async () => {
    await upstreams[1]!.stop();
    // Leave the catalogue as the other browser tests expect it (the demo's 200).
    for (const id of ids) await request.post(`/api/admin/proxies/${id}/disable`, { headers: admin });
  };
  return { ids, cleanup };
}

async function replaceThroughTheDialog(page: Page, request: APIRequestContext, country: string, octet: number) {
  const failures = pageErrors(page);
  const { ids, cleanup } = await failingRental(page, request, country, octet);
  try {
    await page.goto('/history');
    const row = page.getByTestId('history-row').first();
    await expect(row.getByTestId('exit')).toContainText('Exit IP');
    await expect(row.getByTestId('exit')).toContainText('Iceland');
    await expect(row.getByTestId('note')).toHaveText('checkout bot');
    await expectNoSeriousViolations(page, 'history');

    await page.getByRole('button', { name: `Manage proxy ${ids[0]}` }).click();
    const dialog = page.getByRole('dialog', { name: `Proxy ${ids[0]}` });
    await dialog.getByRole('button', { name: 'Find a replacement' }).click();
    const offered = dialog.getByTestId('replace-candidate');
    await expect(offered).toContainText(`proxy ${ids[1]}`);
    await expect(offered).toContainText('Iceland');
    await dialog.getByLabel('Reason (optional)').selectOption('not_working');
    await offered.scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(page, 'replace candidate');
    await dialog.getByRole('button', { name: 'Confirm replacement' }).click();
    // The dialog follows the rental to its new proxy (its name changes with it).
    const result = page.getByRole('dialog').getByTestId('replace-result');
    await expect(result).toContainText(`your rental now uses proxy ${ids[1]}`);
    await expect(result).toContainText('Iceland');
    await expectNoSeriousViolations(page, 'replace result');

    await page.keyboard.press('Escape');
    const moved = page.getByTestId('history-row').first();
    await expect(moved.getByTestId('replaced-from')).toContainText(`(proxy ${ids[0]})`);
    await expect(moved.getByTestId('exit')).toContainText('Iceland');
    await expect(moved.getByTestId('note')).toHaveText('checkout bot');
    expect(failures).toEqual([]);
  } finally {
    await cleanup();
  }
}

test.describe('replacement on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('shows the candidate, then the result, and the history row tells both proxies apart', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await replaceThroughTheDialog(page, request, 'IS', 10);
  });
});

test.describe('replacement on a desktop', () => {
  test('shows the candidate, then the result, and the history row tells both proxies apart', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await replaceThroughTheDialog(page, request, 'IS', 50);
  });
});
