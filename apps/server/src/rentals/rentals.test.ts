import { priceCents, type HistoryRecord, type Transaction } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { runLifecycleOnce } from '../jobs/lifecycle-jobs';
import {
  HOUR,
  addProxies,
  appPerFile,
  customerCall,
  fundedCustomer,
  lifecycleOf,
  walletOf,
  type TestApp,
} from '../../test/helper';

let t: TestApp;
appPerFile(
  {
    env: { REGISTER_RATE_LIMIT: '1000', GATEWAY_HOST: 'gw.example.net', GATEWAY_SOCKS_PORT: '1085' },
    ledgerBalanced: true,
  },
  (app) => {
    t = app;
  },
);

const buy = (apiKey: string, id: number | string, hours: number | string) =>
  customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id, hours });

async function history(apiKey: string): Promise<HistoryRecord[]> {
  return (await customerCall(t, apiKey).get('/api/proxy/history')).json<{ history: HistoryRecord[] }>().history;
}

describe('buying', () => {
  it.each([
    [1, 0],
    [24, 0],
    [25, 37],
    [720, 100],
    [745, 63],
    [3, 42],
  ])('charges the shared price for %i hours at fraud score %i', async (hours, score) => {
    const [id] = await addProxies(t, 1, { fraud_score: score });
    const { apiKey } = await fundedCustomer(t, 10_000);
    const response = await buy(apiKey, id!, String(hours));
    expect(response.statusCode).toBe(200);
    const expected = (10_000 - priceCents(hours, score)) / 100;
    expect(response.json()).toEqual({ success: true, message: 'Proxy purchased successfully!', wallet: expected });
    expect(await walletOf(t, apiKey)).toBe(expected);
  });

  it('creates a waiting_up rental with gateway credentials, visible in history and transactions', async () => {
    const [id] = await addProxies(t, 1, { fraud_score: 20, country: 'FR', city: 'Paris' });
    const { apiKey } = await fundedCustomer(t, 500);
    await buy(apiKey, id!, 24);
    const [record] = await history(apiKey);
    expect(record).toMatchObject({
      id,
      proxy_ip: 'gw.example.net',
      proxy_port: 1085,
      country: 'FR',
      city: 'Paris',
      ipqualityscore: 20,
      status: 'waiting_up',
      end_time: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
      bytes_up: 0,
      bytes_down: 0,
    });
    expect(record!.proxy_usr).toMatch(/^u[a-z2-9]{11}$/);
    expect(record!.proxy_pwd.length).toBeGreaterThanOrEqual(16);
    expect(record!.proxy).toBe(`gw.example.net:1085:${record!.proxy_usr}:${record!.proxy_pwd}`);

    const transactions = (await customerCall(t, apiKey).post('/api/payments/transactions', { task: 'get' })).json<{
      transactions: Transaction[];
    }>().transactions;
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({
      id,
      hours: 24,
      amount: priceCents(24, 20) / 100,
      method: 'purchase',
      status: 'waiting_up',
    });
  });

  it.each([
    ['zero hours', 0, /Invalid hours: must be at least 1/],
    ['more than a year', 8761, /Invalid hours: must be at most 8760/],
    ['fractional hours', 1.5, /Invalid hours: must be a whole number/],
    ['text that is not a number', 'abc', /Invalid hours/],
    ['negative text', '-1', /Invalid hours/],
  ] as [string, number | string, RegExp][])(
    'refuses %s with 400 and charges nothing',
    async (_case, hours, message) => {
      const [id] = await addProxies(t, 1);
      const { apiKey } = await fundedCustomer(t, 500);
      const response = await buy(apiKey, id!, hours);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(response.json<{ error: string }>().error).toMatch(message);
      expect(await walletOf(t, apiKey)).toBe(5);
      expect(await history(apiKey)).toEqual([]);
    },
  );

  it('names each refusal: unknown proxy, rented by someone else, insufficient balance, wrong task', async () => {
    const [id] = await addProxies(t, 1, { fraud_score: 0 });
    const first = await fundedCustomer(t, 500);
    const broke = await fundedCustomer(t, 10);

    const unknown = await buy(first.apiKey, 999_999, 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: 'Proxy not found' });

    const poor = await buy(broke.apiKey, id!, 1);
    expect(poor.statusCode).toBe(402);
    expect(poor.json<{ error: string }>().error).toBe(
      'Insufficient balance: this costs $0.15 and your wallet has $0.10',
    );

    expect((await buy(first.apiKey, id!, 1)).statusCode).toBe(200);
    const taken = await buy(broke.apiKey, id!, 1);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'This proxy is already rented by another customer' });

    const wrongTask = await customerCall(t, first.apiKey).post('/api/proxy/buy', { task: 'down', id, hours: 1 });
    expect(wrongTask.statusCode).toBe(400);
    expect(await walletOf(t, broke.apiKey)).toBe(0.1);
  });

  it('refuses a disabled proxy', async () => {
    const [id] = await addProxies(t, 1);
    const { apiKey } = await fundedCustomer(t, 500);
    const { setProxyEnabled } = await import('../inventory/inventory-repository');
    await setProxyEnabled(t.database.db, id!, false);
    const response = await buy(apiKey, id!, 1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PROXY_UNAVAILABLE' });
  });

  it('needs the API key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/buy',
      payload: { task: 'up', id: 1, hours: 1 },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('extending', () => {
  it('extends a connected rental from its end time and a ready one from now, at the shared price', async () => {
    const [id] = await addProxies(t, 1, { fraud_score: 50 });
    const { apiKey } = await fundedCustomer(t, 10_000);
    await buy(apiKey, id!, 24);

    const waiting = await buy(apiKey, id!, 5);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ code: 'RENTAL_NOT_EXTENDABLE' });

    await runLifecycleOnce(await lifecycleOf(t));
    const [connected] = await history(apiKey);
    expect(connected!.status).toBe('connected');
    const connectedEnd = new Date(connected!.end_time).getTime();
    expect(connectedEnd).toBe(t.clock.now().getTime() + 24 * HOUR);

    const before = await walletOf(t, apiKey);
    const extended = await buy(apiKey, id!, '48');
    expect(extended.json()).toMatchObject({ success: true, message: 'Proxy successfully extended for 48 hours' });
    expect(await walletOf(t, apiKey)).toBe(Math.round(before * 100 - priceCents(48, 50)) / 100);
    expect(new Date((await history(apiKey))[0]!.end_time).getTime()).toBe(connectedEnd + 48 * HOUR);

    t.clock.advance(72.5 * HOUR); // past the end, inside the 1-hour grace period
    await runLifecycleOnce(await lifecycleOf(t));
    expect((await history(apiKey))[0]!.status).toBe('ready');
    await buy(apiKey, id!, 2);
    const [again] = await history(apiKey);
    expect(again).toMatchObject({
      status: 'connected',
      end_time: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
    });

    const transactions = (await customerCall(t, apiKey).post('/api/payments/transactions', { task: 'get' })).json<{
      transactions: Transaction[];
    }>().transactions;
    expect(transactions.map((row) => [row.method, row.hours, row.amount])).toEqual([
      ['extension', 2, priceCents(2, 50) / 100],
      ['extension', 48, priceCents(48, 50) / 100],
      ['purchase', 24, priceCents(24, 50) / 100],
    ]);
  });
});

describe("another customer's rental", () => {
  it('cannot be extended, refunded or seen', async () => {
    const [id] = await addProxies(t, 1);
    const owner = await fundedCustomer(t, 1000);
    const other = await fundedCustomer(t, 1000);
    await buy(owner.apiKey, id!, 1);
    await runLifecycleOnce(await lifecycleOf(t));

    expect((await buy(other.apiKey, id!, 1)).statusCode).toBe(409);
    const refund = await customerCall(t, other.apiKey).post('/api/refund-by-id', { proxy_id: id });
    expect(refund.statusCode).toBe(404);
    expect(refund.json()).toMatchObject({ success: false, error: 'You have no rental of this proxy' });
    expect(await history(other.apiKey)).toEqual([]);
    const transactions = await customerCall(t, other.apiKey).post('/api/payments/transactions', { task: 'get' });
    expect(transactions.json()).toEqual({ success: true, transactions: [] });
    expect(await walletOf(t, other.apiKey)).toBe(10);
  });
});

describe('history order', () => {
  it('lists waiting_up, then connected, then ready, then the rest', async () => {
    const ids = await addProxies(t, 4);
    const { apiKey } = await fundedCustomer(t, 10_000);
    await buy(apiKey, ids[0]!, 1); // will be ready
    await buy(apiKey, ids[1]!, 100); // will be connected
    await runLifecycleOnce(await lifecycleOf(t));
    t.clock.advance(HOUR);
    await runLifecycleOnce(await lifecycleOf(t));
    await buy(apiKey, ids[2]!, 1); // waiting_up
    const statuses = (await history(apiKey)).map((r) => [r.id, r.status]);
    expect(statuses).toEqual([
      [ids[2], 'waiting_up'],
      [ids[1], 'connected'],
      [ids[0], 'ready'],
    ]);
  });
});
