import type { HistoryRecord, NodeView } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes, rentals } from '../db/schema';
import { addProxies, adminToken, buildTestApp, customerCall, fundedCustomer, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      REGISTER_RATE_LIMIT: '1000',
      GATEWAY_HOST: 'gw.example.net',
      GATEWAY_SOCKS_PORT: '1085',
      GATEWAY_HTTP_PORT: '8085',
      GATEWAY_PORT_RANGE: '41000-41009',
    },
  });
  admin = { authorization: `Bearer ${await adminToken(t)}` };
});
afterAll(async () => {
  await t.close();
});

async function nodeServing(proxyId: number, name: string, host: string): Promise<number> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/admin/nodes',
    headers: admin,
    payload: { name, host },
  });
  const nodeId = added.json<{ node: NodeView }>().node.id;
  const moved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/proxies/${proxyId}/node`,
    headers: admin,
    payload: { nodeId },
  });
  expect(moved.statusCode).toBe(200);
  return nodeId;
}

async function connectedRentalOf(protocol: 'SOCKS5' | 'HTTP') {
  const [proxyId] = await addProxies(t, 1, { protocol });
  const customer = await fundedCustomer(t, 5_000);
  const api = customerCall(t, customer.apiKey);
  expect((await api.post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 24 })).statusCode).toBe(200);
  await t.database.db.update(rentals).set({ status: 'connected' }).where(eq(rentals.proxyId, proxyId!));
  const record = async () =>
    (await api.get('/api/proxy/history')).json<{ history: HistoryRecord[] }>().history.find((r) => r.id === proxyId)!;
  return { proxyId: proxyId!, api, record };
}

describe("a node's proxies in connection strings", () => {
  it('name the shop gateway, then the node with the shop ports, then the ports the node reported', async () => {
    const { proxyId, api, record } = await connectedRentalOf('SOCKS5');
    expect(await record()).toMatchObject({ proxy_ip: 'gw.example.net', proxy_port: 1085, socks_port: 1085 });

    const nodeId = await nodeServing(proxyId, 'fra-1', 'fra.example.net');
    const before = await record();
    expect(before).toMatchObject({ proxy_ip: 'fra.example.net', proxy_port: 1085, http_port: 8085, https_port: null });
    expect(before.proxy).toBe(`fra.example.net:1085:${before.proxy_usr}:${before.proxy_pwd}`);

    await t.database.db
      .update(nodes)
      .set({ socksPort: 2080, httpPort: 3128, tlsPort: 8443 })
      .where(eq(nodes.id, nodeId));
    const after = await record();
    expect(after).toMatchObject({ proxy_port: 2080, socks_port: 2080, http_port: 3128, https_port: 8443 });
    expect(after.proxy).toBe(`fra.example.net:2080:${after.proxy_usr}:${after.proxy_pwd}`);

    const transactions = (await api.post('/api/payments/transactions', { task: 'get' })).json<{
      transactions: HistoryRecord[];
    }>();
    expect(transactions.transactions[0]).toMatchObject({ proxy_ip: 'fra.example.net', proxy_port: 2080 });

    const fresh = (await api.post('/api/proxy/credentials', { proxy_id: proxyId })).json<{ proxy: string }>();
    expect(fresh.proxy).toMatch(/^fra\.example\.net:2080:/);

    const exported = await api.get(`/api/proxy/export?format=${encodeURIComponent('ip:port:user:pass')}`);
    expect(exported.body.trim()).toBe((await record()).proxy);
  });

  it("use the node's HTTP port for an HTTP proxy and bracket an IPv6 host in the IP authorization address", async () => {
    const { proxyId, api, record } = await connectedRentalOf('HTTP');
    const nodeId = await nodeServing(proxyId, 'ams-1', '2001:db8::7');
    await t.database.db
      .update(nodes)
      .set({ socksPort: 2080, httpPort: 3128, tlsPort: null })
      .where(eq(nodes.id, nodeId));
    expect(await record()).toMatchObject({ proxy_ip: '2001:db8::7', proxy_port: 3128, https_port: null });
    const ipAuth = await api.post('/api/proxy/ip-auth', { proxy_id: proxyId, ips: ['198.51.100.7'] });
    expect(ipAuth.statusCode).toBe(200);
    const body = ipAuth.json<{ address: string; ip_auth: { port: number } }>();
    expect(body.address).toBe(`[2001:db8::7]:${body.ip_auth.port}`);
  });
});
