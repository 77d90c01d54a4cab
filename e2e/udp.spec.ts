import { expect, test } from '@playwright/test';
import { udpClient } from '../apps/server/test/udp-kit';
import { httpUpstream } from '../apps/server/test/http-upstream';
import { socksUpstream } from '../apps/server/test/socks-upstream';
import { adminToken, fundedCustomer, pageErrors } from './kit';

const port = Number(process.env.E2E_PORT ?? 18321);
/** The e2e server's gateway SOCKS port and its UDP echo (scripts/e2e-server.mjs). */
const socksPort = Number(process.env.E2E_SOCKS_PORT ?? port + 10);
const udpEchoPort = port + 23;

interface InventoryItem {
  id: number;
  state: string;
  udp: boolean | null;
}

/**
 * The operator imports a SOCKS5 upstream that relays UDP and an HTTP one; discovery marks the first
 * `udp: true` and the second false. A customer finds the UDP one with the catalogue's filter, rents
 * it, and datagrams echo through the server's own gateway.
 */
test('discovery marks UDP, the catalogue filters by it, and datagrams echo through the gateway', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const failures = pageErrors(page);
  const relaying = await socksUpstream();
  const httpProxy = await httpUpstream();
  const token = await adminToken(request);
  const admin = { authorization: `Bearer ${token}` };
  try {
    const imported = await request.post('/api/admin/proxies', {
      headers: { ...admin, 'content-type': 'text/plain' },
      data: `${relaying.url}\n${httpProxy.url}`,
    });
    expect(imported.ok()).toBe(true);
    const [udpId, httpId] = ((await imported.json()) as { ids: number[] }).ids as [number, number];
    const item = async (id: number) =>
      (
        (await (await request.get('/api/admin/proxies', { headers: admin })).json()) as { proxies: InventoryItem[] }
      ).proxies.find((proxy) => proxy.id === id);
    await expect.poll(async () => (await item(udpId))?.udp, { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await item(httpId))?.udp, { timeout: 30_000 }).toBe(false);

    const apiKey = await fundedCustomer(page, request, '/proxy');
    const rows = page.getByTestId('proxy-row');
    await page.getByRole('textbox', { name: 'ID', exact: true }).fill(String(udpId));
    await page.getByRole('combobox', { name: 'UDP', exact: true }).selectOption('With UDP');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTitle('UDP passes')).toBeVisible();
    await page.getByRole('textbox', { name: 'ID', exact: true }).fill(String(httpId));
    await expect(rows).toHaveCount(0);
    await page.getByRole('combobox', { name: 'UDP', exact: true }).selectOption('All');
    await expect(rows.first().getByTitle('No UDP')).toBeVisible();

    const bought = await request.post('/api/proxy/buy', {
      headers: { 'x-api-key': apiKey },
      data: { task: 'up', id: udpId, hours: 1 },
    });
    expect(bought.ok()).toBe(true);
    const rental = async () =>
      (
        (await (await request.get('/api/proxy/history', { headers: { 'x-api-key': apiKey } })).json()) as {
          history: { id: number; status: string; proxy_usr: string; proxy_pwd: string }[];
        }
      ).history.find((record) => record.id === udpId);
    await expect.poll(async () => (await rental())?.status, { timeout: 30_000 }).toBe('connected');
    const { proxy_usr: user, proxy_pwd: pass } = (await rental())!;
    const client = await udpClient(socksPort, { login: { user, pass } });
    try {
      expect(await client.exchange({ host: '127.0.0.1', port: udpEchoPort }, 'hello over UDP')).toBe('hello over UDP');
    } finally {
      client.close();
    }
    await request.post(`/api/admin/proxies/${httpId}/disable`, { headers: admin });
    expect(failures).toEqual([]);
  } finally {
    await relaying.stop();
    await httpProxy.stop();
  }
});
