import { expect, test } from '@playwright/test';
import { pageErrors } from './kit';
import fs from 'node:fs';
import path from 'node:path';
import { httpUpstream } from '../apps/server/test/http-upstream';

/** The e2e server's generated admin secret (scripts/e2e-server.mjs keeps its data here). */
const ADMIN_SECRET_FILE = path.resolve(import.meta.dirname, '../test-results/e2e-data/admin-secret');

/**
 * the operator pastes three `host:port:user:pass` lines from an upstream seller,
 * watches them go from checking to listed, and a customer finds them in the catalogue with the
 * location of their exit (the e2e server's echo answers 81.2.69.142) and IPQS's score (40).
 */
test('operator pastes three upstream lines, discovery lists them, a customer sees them', async ({ page, request }) => {
  test.setTimeout(90_000);
  const failures = pageErrors(page);
  const upstreams = await Promise.all([httpUpstream(), httpUpstream(), httpUpstream()]);
  try {
    await page.goto('/admin');
    await page.getByLabel('Secret code').fill(fs.readFileSync(ADMIN_SECRET_FILE, 'utf8').trim());
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inventory' }).click();
    await expect(page.getByTestId('ipqs-budget')).toContainText('IPQS look-ups this month');

    const lines = ['# from the seller', ...upstreams.map((upstream) => `127.0.0.1:${upstream.port}:user:pass`)];
    await page.getByRole('textbox', { name: 'Upstream lines, CSV or JSON' }).fill(lines.join('\n'));
    await page.getByLabel('Protocol of lines without one').selectOption('http');
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Import done. Proxies added: 3.')).toBeVisible();
    const progress = page.getByTestId('import-progress');
    await expect(progress).toHaveText(/Discovery: \d listed, 0 failed, \d waiting\./);
    // The page follows discovery by itself: no reload.
    await expect(progress).toHaveText('Discovery: 3 listed, 0 failed, 0 waiting.', { timeout: 30_000 });

    await page.getByLabel('State').selectOption('free');
    await page.getByRole('searchbox', { name: 'Search' }).fill('bracknell');
    const rows = page.getByTestId('inventory-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('81.2.69.142');
    await expect(rows.first()).toContainText('geo database');
    await expect(rows.first()).toContainText('IPQS');

    // A customer with money sees them in /proxy, with location and score.
    const { apiKey } = (await (await request.post('/api/register')).json()) as { apiKey: string };
    const { referral_key: referralKey } = (await (
      await request.post('/api/login', { headers: { 'x-api-key': apiKey } })
    ).json()) as { referral_key: string };
    const { token } = (await (
      await request.post('/api/admin/login', {
        data: { secretCode: fs.readFileSync(ADMIN_SECRET_FILE, 'utf8').trim() },
      })
    ).json()) as { token: string };
    const adjusted = await request.post('/api/admin/customers/adjust', {
      headers: { authorization: `Bearer ${token}` },
      data: { customer: referralKey, amount: 5, reason: 'e2e' },
    });
    expect(adjusted.ok()).toBe(true);
    await page.goto('/login');
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Signing in moves to /proxy once the server has answered (the form loads its API client on submit).
    await expect(page).toHaveURL(/\/proxy$/);
    await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('GB');
    await page.getByRole('combobox', { name: 'City', exact: true }).selectOption('Bracknell');
    const offered = page.getByTestId('proxy-row');
    await expect(offered).toHaveCount(3);
    await expect(offered.first()).toContainText('81.2.69.142');
    await expect(offered.first()).toContainText('England');
    await expect(offered.first()).toContainText('40');

    // Leave the catalogue as the other browser tests expect it (the demo's 200).
    const inventory = (await (
      await request.get('/api/admin/proxies', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { proxies: { id: number; exitIp: string | null; upstreamKind: string }[] };
    for (const proxy of inventory.proxies.filter((p) => p.upstreamKind.startsWith('http '))) {
      await request.post(`/api/admin/proxies/${proxy.id}/disable`, { headers: { authorization: `Bearer ${token}` } });
    }
    expect(failures).toEqual([]);
  } finally {
    await Promise.all(upstreams.map((upstream) => upstream.stop()));
  }
});
