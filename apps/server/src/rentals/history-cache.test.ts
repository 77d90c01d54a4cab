import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { HistoryRecord } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { proxies, rentals } from '../db/schema';
import { runLifecycleOnce } from '../jobs/lifecycle-jobs';
import {
  HOUR,
  addProxies,
  twoCachedAppsPerFile,
  customerCall,
  fundedCustomer,
  lifecycleOf,
  type TestApp,
  withinASecond,
} from '../../test/helper';
import { HistoryCache } from './history-cache';

const [one, two] = twoCachedAppsPerFile();
/** The database both apps read, written directly as the gateway, the jobs and discovery write it. */
const shared = () => one().database.db;

async function historyOn(t: TestApp, apiKey: string, cookie?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/proxy/history',
    headers: { 'x-api-key': apiKey, ...(cookie ? { cookie } : {}) },
  });
  return { status: response.statusCode, body: response.json<{ history?: HistoryRecord[]; code?: string }>() };
}

/** A customer with one bought proxy, whose history both processes have cached. */
async function customerWithRental(): Promise<{ apiKey: string; userId: number; proxyId: number }> {
  const { apiKey, userId } = await fundedCustomer(one(), 10_000);
  const [proxyId] = await addProxies(one(), 1);
  expect(
    (await customerCall(one(), apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 1 })).statusCode,
  ).toBe(200);
  for (const t of [one(), two()]) {
    await withinASecond(async () => (await historyOn(t, apiKey)).body.history?.length === 1);
  }
  return { apiKey, userId, proxyId: proxyId! };
}

const first = async (t: TestApp, apiKey: string) => (await historyOn(t, apiKey)).body.history?.[0];

describe('the history cache across processes', () => {
  it('shows a purchase at once on its process and within a second on the other', async () => {
    const { apiKey } = await fundedCustomer(one(), 10_000);
    for (const t of [one(), two()]) expect((await historyOn(t, apiKey)).body.history).toEqual([]);
    const [proxyId] = await addProxies(one(), 1);
    const bought = await customerCall(one(), apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 1 });
    expect(bought.statusCode).toBe(200);
    // The customer's own write: no wait on the process that made it.
    expect((await historyOn(one(), apiKey)).body.history?.map((r) => r.id)).toEqual([proxyId]);
    await withinASecond(async () => (await historyOn(two(), apiKey)).body.history?.length === 1);
  });

  it('shows a note, new credentials, auto-renew and IP authorization made on the other process', async () => {
    const { apiKey, proxyId } = await customerWithRental();
    const before = await first(two(), apiKey);
    const calls = customerCall(one(), apiKey);
    expect((await calls.post('/api/proxy/note', { proxy_id: proxyId, note: 'scraper 7' })).statusCode).toBe(200);
    await withinASecond(async () => (await first(two(), apiKey))?.note === 'scraper 7');
    expect((await calls.post('/api/proxy/credentials', { proxy_id: proxyId })).statusCode).toBe(200);
    await withinASecond(async () => (await first(two(), apiKey))?.proxy_pwd !== before?.proxy_pwd);
    expect((await calls.post('/api/proxy/auto-renew', { proxy_id: proxyId, enabled: true })).statusCode).toBe(200);
    await withinASecond(async () => (await first(two(), apiKey))?.auto_renew === true);
    // IP authorization lives in a table of its own: its changes must reach the other cache too.
    const ipAuth = await calls.post('/api/proxy/ip-auth', { proxy_id: proxyId, ips: ['127.0.0.1'] });
    expect(ipAuth.statusCode).toBe(200);
    await withinASecond(async () => (await first(two(), apiKey))?.ip_auth?.ips[0] === '127.0.0.1');
    expect((await calls.post('/api/proxy/ip-auth', { proxy_id: proxyId, ips: [] })).statusCode).toBe(200);
    await withinASecond(async () => (await first(two(), apiKey))?.ip_auth === null);
  });

  it("shows the jobs', the gateway's and discovery's writes, none of which goes through a customer call", async () => {
    const { apiKey, proxyId } = await customerWithRental();
    // The gateway's metering (another process): bytes booked on the rental row.
    await shared().update(rentals).set({ bytesDown: 4096 }).where(eq(rentals.proxyId, proxyId));
    await withinASecond(async () => (await first(two(), apiKey))?.bytes_down === 4096);
    // Discovery finds the exit elsewhere: the proxy's columns the history shows.
    await shared().update(proxies).set({ city: 'Lyon', zip: '69001' }).where(eq(proxies.id, proxyId));
    await withinASecond(async () => (await first(two(), apiKey))?.city === 'Lyon');
    // The lifecycle job ends the rental at its end plus the grace period.
    await shared()
      .update(rentals)
      .set({ status: 'connected', endTime: one().clock.now() })
      .where(eq(rentals.proxyId, proxyId));
    await withinASecond(async () => (await first(two(), apiKey))?.status === 'connected');
    one().clock.advance(2 * HOUR);
    await runLifecycleOnce(await lifecycleOf(one()));
    await withinASecond(async () => (await first(two(), apiKey))?.status === 'expired');
  });

  it('refuses a session ended by a login on the other process, cached history or not', async () => {
    const { apiKey } = await customerWithRental();
    const login = await two().app.inject({ method: 'POST', url: '/api/login', headers: { 'x-api-key': apiKey } });
    const session = login.cookies.find((c) => c.name === 'portal_session');
    const cookie = `portal_session=${session?.value ?? ''}`;
    expect((await historyOn(two(), apiKey, cookie)).status).toBe(200);
    await one().app.inject({ method: 'POST', url: '/api/login', headers: { 'x-api-key': apiKey } });
    await withinASecond(async () => (await historyOn(two(), apiKey, cookie)).status === 401);
    expect((await historyOn(two(), apiKey, cookie)).body.code).toBe('SESSION_ENDED');
  });
});

describe('HistoryCache', () => {
  it('drops a read that a notification overtook, and a proxy change drops only its customers', () => {
    const cache = new HistoryCache(60_000);
    const generation = cache.currentGeneration();
    cache.invalidate(99);
    cache.store(generation, 1, Buffer.from('{"a":1}'), [10]);
    expect(cache.get(1)).toBeNull();
    cache.store(cache.currentGeneration(), 1, Buffer.from('{"a":1}'), [10]);
    cache.store(cache.currentGeneration(), 2, Buffer.from('{"b":2}'), [11]);
    cache.invalidateProxy(10);
    expect(cache.get(1)).toBeNull();
    expect(cache.get(2)?.toString()).toBe('{"b":2}');
  });
});

describe('the history answer on the wire', () => {
  it('goes gzip to a client that takes it, with the same records, and as it is to one that does not', async () => {
    const { apiKey } = await customerWithRental();
    for (const proxyId of await addProxies(one(), 2)) {
      const bought = await customerCall(one(), apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 1 });
      expect(bought.statusCode).toBe(200);
    }
    await withinASecond(async () => (await historyOn(one(), apiKey)).body.history?.length === 3);
    const get = (headers: Record<string, string>) =>
      one().app.inject({ method: 'GET', url: '/api/proxy/history', headers: { 'x-api-key': apiKey, ...headers } });
    const plain = await get({});
    // Three records are past the size below which an answer is not worth compressing.
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const zipped of [
      await get({ 'accept-encoding': 'gzip, deflate, br' }),
      await get({ 'accept-encoding': 'gzip' }),
    ]) {
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    }
  });
});
