import { priceDollars } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProxies, adminToken, buildTestApp, customerCall, registerCustomer, type TestApp } from '../../test/helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000', GIFTCARD_RATE_LIMIT: '1000' } });
});
afterAll(async () => t.close());

describe('GET /api/wallet/activity', () => {
  it('explains the balance: a gift card and a purchase, newest first, each with the balance after it', async () => {
    const apiKey = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/giftcards',
      headers: { authorization: `Bearer ${await adminToken(t)}` },
      payload: { amount: 5, count: 1 },
    });
    const [code] = created.json<{ codes: string[] }>().codes;
    expect((await customerCall(t, apiKey).post('/api/payments/giftcard', { giftcard: code })).statusCode).toBe(200);
    const [proxyId] = await addProxies(t, 1, { fraud_score: 0 });
    t.clock.advance(60_000);
    await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 24 });

    const response = await customerCall(t, apiKey).get('/api/wallet/activity');
    expect(response.statusCode).toBe(200);
    const { activity } = response.json<{
      activity: { kind: string; amount: number; balance: number; date: string }[];
    }>();
    const day = priceDollars(24, 0);
    expect(activity.map(({ kind, amount, balance }) => ({ kind, amount, balance }))).toEqual([
      { kind: 'purchase', amount: -day, balance: 5 - day },
      { kind: 'giftcard', amount: 5, balance: 5 },
    ]);
    expect(Date.parse(activity[0]!.date)).toBeGreaterThan(Date.parse(activity[1]!.date));

    // Only one's own: another customer sees nothing, and a call without a key is refused.
    expect((await customerCall(t, other).get('/api/wallet/activity')).json()).toEqual({ success: true, activity: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/activity' })).statusCode).toBe(401);
  });
});
