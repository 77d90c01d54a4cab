import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import { expectNoSeriousViolations, fundedCustomer, pageErrors } from './kit';

interface Row {
  id: number;
  status: string;
  proxy_ip: string;
  proxy_port: number;
  proxy_usr: string;
  proxy_pwd: string;
  http_port: number;
  country: string;
  note: string;
  auto_renew: boolean;
  bytes_down: number;
}

/** A new customer with $10 from a gift card, signed in in this page, holding one connected proxy. */
async function customerWithProxy(page: Page, request: APIRequestContext) {
  const apiKey = await fundedCustomer(page, request);
  const headers = { 'x-api-key': apiKey };
  const list = (await (await request.get('/api/proxy/list', { headers })).json()) as {
    proxies: { id: number }[];
  };
  // Another test may have bought the first ones: try a few until one is sold to us.
  for (const { id } of list.proxies.slice(-20).reverse()) {
    const bought = await request.post('/api/proxy/buy', { headers, data: { task: 'up', id, hours: 5 } });
    if (bought.ok()) break;
  }
  const history = async () =>
    ((await (await request.get('/api/proxy/history', { headers })).json()) as { history: Row[] }).history;
  // The server's provisioning job connects it within seconds.
  await expect.poll(async () => (await history())[0]?.status, { timeout: 30_000 }).toBe('connected');
  return { apiKey, history };
}

/** A plain HTTP request through the gateway's HTTP port to the portal itself (the one loopback target it allows). */
function throughGateway(row: Row, password: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: row.http_port,
      path: target,
      headers: {
        host: new URL(target).host,
        'proxy-authorization': `Basic ${Buffer.from(`${row.proxy_usr}:${password}`).toString('base64')}`,
      },
      agent: false,
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

test.describe('proxy controls on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('copy a way to connect, new password, auto-renew, a note, a template export and the usage chart', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const failures = pageErrors(page);
    const { history } = await customerWithProxy(page, request);
    const [row] = await history();
    const home = `${baseURL}/`;

    // Traffic through the real gateway, booked per hour by its next flush (every 5 s).
    expect(await throughGateway(row!, row!.proxy_pwd, home)).toBe(200);
    await expect.poll(async () => (await history())[0]?.bytes_down, { timeout: 15_000 }).toBeGreaterThan(0);

    await page.goto('/history');
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousViolations(page, '/history');

    await page.getByRole('button', { name: `Manage proxy ${row!.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Proxy ${row!.id}` });
    await expect(dialog).toBeVisible();
    // The usage chart, with its table for screen readers, shows this hour's traffic.
    const usage = dialog.getByRole('table', { name: 'Traffic per hour' });
    await expect(usage.getByRole('row')).toHaveCount(2);
    await expect(usage.getByRole('cell').first()).toHaveText(/\d+(\.\d+)? (byte|kB)/);
    await expectNoSeriousViolations(page, 'manage dialog');

    await dialog.getByRole('button', { name: 'Copy the HTTP address' }).click();
    const httpAddress = `http://${row!.proxy_usr}:${row!.proxy_pwd}@${row!.proxy_ip}:${row!.http_port}`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(httpAddress);

    // A note with markup is kept and shown as text.
    const note = '<b>scraper</b> eu-1';
    await dialog.getByLabel('Note').fill(note);
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Note saved')).toBeVisible();

    // A new password: the old one is refused by the gateway, the new one works.
    await dialog.getByRole('button', { name: 'New password' }).click();
    await expect(dialog.getByRole('alert')).toContainText('stops working at once');
    await dialog.getByRole('button', { name: 'Issue new password' }).click();
    await expect(page.getByText('New password issued; the old one no longer works')).toBeVisible();
    const [renewed] = await history();
    expect(renewed!.proxy_pwd).not.toBe(row!.proxy_pwd);
    await expect.poll(() => throughGateway(row!, row!.proxy_pwd, home), { timeout: 2_000 }).toBe(407);
    expect(await throughGateway(row!, renewed!.proxy_pwd, home)).toBe(200);

    // Auto-renew on (the dialog says the period and price first, and stays open showing the change).
    await expect(dialog).toContainText('extended by 5 hours');
    await dialog.getByRole('button', { name: 'Turn auto-renew on' }).click();
    await expect(page.getByText('Auto-renew is on')).toBeVisible();
    await expect(page.getByTestId('history-row').getByText('Auto-renew on')).toBeVisible();
    await expect(page.getByTestId('note')).toHaveText(note);
    expect(await page.locator('b', { hasText: 'scraper' }).count()).toBe(0);

    // A template export downloads exactly the line the template makes of this rental.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByLabel('Export format').selectOption('template');
    await page.getByLabel('Template', { exact: true }).fill('{host}:{port}:{user}:{pass} {country} {note}');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download connected (1)' }).click(),
    ]);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const [current] = await history();
    expect(current).toMatchObject({ auto_renew: true, note });
    expect(text.trimEnd()).toBe(
      `${current!.proxy_ip}:${current!.proxy_port}:${current!.proxy_usr}:${current!.proxy_pwd} ${current!.country} ${note}`,
    );
    await expectNoSeriousViolations(page, '/history after the changes');
    expect(failures).toEqual([]);
  });
});
