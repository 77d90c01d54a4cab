import net from 'node:net';
import { INVENTORY_STATES, type AdminOverview } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../gateway/gateway';
import { basic, connectTunnel, httpOverSocket, socksGet } from '../../test/gateway-kit';
import {
  addProxies,
  adminCall,
  adminToken,
  buildTestApp,
  createTestDatabase,
  customerCall,
  fundedCustomer,
  type TestApp,
} from '../../test/helper';
import { connectedRental, startTestGateway } from '../../test/live-rental-kit';
import { startOrigin } from '../../test/origin';
import { proxies } from '../db/tables/inventory';
import { repeatEvery } from '../jobs/repeat';
import { startMetricsServer } from './metrics-server';
import { Readiness } from '../health/readiness';

const TOKEN = 'metrics-token-for-tests';

/** The value of one series of a Prometheus text exposition (labels given must all match). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return Number.NaN;
}

let t: TestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  t = await buildTestApp({
    database,
    env: { METRICS_TOKEN: TOKEN, REGISTER_RATE_LIMIT: '1000' },
    deps: { poolStats: database.poolStats },
  });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

/** GET /metrics with the Authorization header given, or none. */
const getMetrics = (authorization: string | undefined) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

async function scrape(authorization: string | undefined = `Bearer ${TOKEN}`): Promise<string> {
  const response = await getMetrics(authorization);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
}

describe('GET /metrics', () => {
  it('needs the Bearer token when METRICS_TOKEN is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-same-len', `Basic ${TOKEN}`]) {
      const refused = await getMetrics(authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(refused.body).not.toContain('proxyport_');
    }
    const text = await scrape();
    expect(text).toContain('# TYPE proxyport_http_request_duration_seconds histogram');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (t.database.poolStats) {
      // PostgreSQL: the test database's pool has 20 connections.
      expect(sample(text, 'proxyport_db_pool_connections', { state: 'max' })).toBe(20);
      expect(sample(text, 'proxyport_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('proxyport_db_pool_connections');
    }
  });

  it('is open without a token (development) and absent when turned off', async () => {
    const open = await buildTestApp({ database: t.database });
    const off = await buildTestApp({ database: t.database, env: { METRICS_ENABLED: 'false' } });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await open.close();
      await off.close();
    }
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    const { apiKey } = await fundedCustomer(t, 0);
    await customerCall(t, apiKey).get('/api/wallet');
    await t.app.inject({ method: 'GET', url: '/api/no-such-call/raw-segment-12345' });
    const text = await scrape();
    expect(
      sample(text, 'proxyport_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/wallet',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'proxyport_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(
      1,
    );
    // A label value, not a number: memory and CPU samples may contain any digits.
    expect(text).not.toContain('raw-segment');
  });

  it('a purchase moves the rentals and inventory gauges', async () => {
    const [proxyId] = await addProxies(t, 2);
    const { apiKey } = await fundedCustomer(t, 10_000);
    const before = await scrape();
    const bought = await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 1 });
    expect(bought.statusCode).toBe(200);
    const after = await scrape();
    const waiting = (text: string) => sample(text, 'proxyport_rentals', { status: 'waiting_up' });
    expect(waiting(after)).toBe(waiting(before) + 1);
    const free = (text: string) => sample(text, 'proxyport_inventory_proxies', { state: 'free' });
    expect(free(after)).toBe(free(before) - 1);
    expect(sample(after, 'proxyport_rentals', { status: 'refunded' })).toBe(0);
    expect(sample(after, 'proxyport_payments_pending')).toBe(0);
    expect(sample(after, 'proxyport_credited_dollars', { provider: 'giftcard' })).toBe(0);
  });

  it('counts a proxy as free only while the catalogue lists it, as the console overview does', async () => {
    const [proxyId = 0] = await addProxies(t, 1);
    const free = (text: string) => sample(text, 'proxyport_inventory_proxies', { state: 'free' });
    const before = await scrape();
    await t.database.db.update(proxies).set({ discovery: 'checking' }).where(eq(proxies.id, proxyId));
    const after = await scrape();
    expect(free(after)).toBe(free(before) - 1);
    const overview = (await adminCall(t, await adminToken(t)).get('/api/admin/overview')).json<AdminOverview>();
    expect(overview.inventory.free).toBe(free(after));
    expect(overview.inventory.checking).toBe(1);
  });

  it('labels every state the console counts, so the states add up to the inventory', async () => {
    const [checking = 0, failed = 0] = await addProxies(t, 2);
    await t.database.db.update(proxies).set({ discovery: 'checking' }).where(eq(proxies.id, checking));
    await t.database.db.update(proxies).set({ discovery: 'failed' }).where(eq(proxies.id, failed));
    const text = await scrape();
    const overview = (await adminCall(t, await adminToken(t)).get('/api/admin/overview')).json<AdminOverview>();
    for (const state of INVENTORY_STATES) {
      expect(sample(text, 'proxyport_inventory_proxies', { state })).toBe(overview.inventory[state]);
    }
    const [all] = await t.database.db.select({ n: count() }).from(proxies);
    const labelled = INVENTORY_STATES.reduce(
      (sum, state) => sum + sample(text, 'proxyport_inventory_proxies', { state }),
      0,
    );
    expect(labelled).toBe(all?.n);
    expect(sample(text, 'proxyport_inventory_proxies', { state: 'failed' })).toBeGreaterThanOrEqual(1);
  });

  it('counts job rounds and failures', async () => {
    const runs = () => sample(metricsOf(), 'proxyport_job_runs_total', { job: 'test job' });
    let text = '';
    const metricsOf = () => text;
    const stop = repeatEvery('test job', 60_000, () => Promise.reject(new Error('boom')), t.app.log);
    await stop();
    text = await scrape();
    expect(runs()).toBe(1);
    expect(sample(text, 'proxyport_job_failures_total', { job: 'test job' })).toBe(1);
  });
});

describe('gateway metrics', () => {
  let gateway: Gateway;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  beforeAll(async () => {
    origin = await startOrigin();
    gateway = await startTestGateway(t, {
      privateTargets: 'deny',
      // Only the origin's port on loopback is reachable: any other loopback port is a refused target.
      privateTargetException: `${origin.url}/healthz`,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await origin.close();
  });

  it('a gateway connection moves the connection, byte, failure and refusal counters', async () => {
    const { user, pass } = await connectedRental(t, gateway.store);
    const before = await scrape();
    const target = { host: '127.0.0.1', port: origin.port };
    const bytes = (text: string, direction: string) => sample(text, 'proxyport_gateway_bytes_total', { direction });

    const tunnel = await connectTunnel(gateway.httpPort, basic(user, pass), `127.0.0.1:${origin.port}`);
    const open = await scrape();
    expect(sample(open, 'proxyport_gateway_active_connections', { front: 'http' })).toBe(1);
    expect(await httpOverSocket(tunnel.socket!, '/through-tunnel')).toContain('200 OK');
    expect(await socksGet(gateway.socksPort, user, pass, target)).toContain('200 OK');
    await expect(socksGet(gateway.socksPort, user, 'wrong-password', target)).rejects.toThrow();
    expect((await connectTunnel(gateway.httpPort, basic(user, 'wrong'), `127.0.0.1:${origin.port}`)).status).toBe(407);
    await expect(socksGet(gateway.socksPort, user, pass, { host: '127.0.0.1', port: 1 })).rejects.toThrow();
    expect((await connectTunnel(gateway.httpPort, basic(user, pass), '198.51.100.7:25')).status).toBe(403);

    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await scrape();
    expect(bytes(after, 'up')).toBeGreaterThan(bytes(before, 'up'));
    expect(bytes(after, 'down')).toBeGreaterThan(bytes(before, 'down') + 100);
    expect(sample(after, 'proxyport_gateway_active_connections', { front: 'http' })).toBe(0);
    expect(sample(after, 'proxyport_gateway_active_connections', { front: 'socks5' })).toBe(0);
    // One wrong SOCKS5 login and one wrong CONNECT login.
    expect(sample(after, 'proxyport_gateway_auth_failures_total')).toBe(
      sample(before, 'proxyport_gateway_auth_failures_total') + 2,
    );
    expect(sample(after, 'proxyport_gateway_refused_targets_total', { reason: 'private' })).toBe(1);
    expect(sample(after, 'proxyport_gateway_refused_targets_total', { reason: 'blocked_port' })).toBe(1);
  });

  it("counts the connection guard's refusals under their reason", async () => {
    const guarded = await startTestGateway(t, {
      maxPendingPerSource: 1,
    });
    const refused = async () =>
      sample(await scrape(), 'proxyport_refusals_total', { limit: 'gateway_pending-per-source' }) || 0;
    const before = await refused();
    const idle = net.connect(guarded.socksPort, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const second = net.connect(guarded.socksPort, '127.0.0.1');
    await new Promise((resolve) => second.once('close', resolve));
    idle.destroy();
    await guarded.close();
    expect(await refused()).toBe(before + 1);
  });

  it('a gateway process of its own serves them with its probes on a port of its own', async () => {
    const readiness = new Readiness('starting');
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, token: TOKEN, metrics: true, readiness });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
      readiness.ready();
      expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(sample(text, 'proxyport_gateway_auth_failures_total')).toBeGreaterThanOrEqual(2);
    } finally {
      await server.close();
    }
  });
});
