import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/ledger-service';
import { buildTestApp, customerCall, registerCustomer, walletOf, type TestApp } from '../../test/helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000', PUBLIC_URL: 'https://portal.example.com' } });
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).mismatches).toEqual([]);
  await t.close();
});

async function create(apiKey: string, amount: unknown = 25, currency: unknown = 'BTC') {
  return customerCall(t, apiKey).post('/api/payments/create', { amount, currency });
}
const status = (apiKey: string, uuid: string) =>
  customerCall(t, apiKey).post(`/api/payments/status/${uuid}`, { task: 'check', uuid });
const click = (uuid: string, outcome: 'paid' | 'fail') =>
  t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${uuid}`, payload: { outcome } });

describe('sandbox payments', () => {
  it('lists BTC and LTC', async () => {
    const apiKey = await registerCustomer(t.app);
    expect((await customerCall(t, apiKey).get('/api/payments/services')).json()).toEqual({
      success: true,
      services: ['BTC', 'LTC'],
    });
  });

  it.each([
    [0, 'Invalid amount: the minimum deposit is $1'],
    [1.5, 'Invalid amount: amount must be a whole number of dollars'],
    ['10', 'Invalid amount: amount must be a number of dollars'],
  ])('refuses amount %j with 400', async (amount, error) => {
    const apiKey = await registerCustomer(t.app);
    const response = await create(apiKey, amount);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error });
  });

  it('refuses a method the provider does not offer', async () => {
    const apiKey = await registerCustomer(t.app);
    const response = await create(apiKey, 5, 'DOGE');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'currency must be one of BTC, LTC' });
  });

  it('create -> pending -> Pay -> paid, credited once despite more clicks, polls and Fail', async () => {
    const apiKey = await registerCustomer(t.app);
    const created = await create(apiKey, 25, 'ltc');
    expect(created.statusCode).toBe(200);
    const { uuid, url } = created.json<{ uuid: string; url: string }>();
    expect(url).toBe(`https://portal.example.com/pay/${uuid}`);
    expect((await status(apiKey, uuid)).json()).toEqual({ success: true, status: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${uuid}` })).json()).toEqual({
      success: true,
      uuid,
      amount: 25,
      method: 'LTC',
      status: 'pending',
    });

    expect((await click(uuid, 'paid')).json()).toEqual({ success: true, status: 'paid' });
    for (let i = 0; i < 5; i += 1) await click(uuid, 'paid');
    await click(uuid, 'fail');
    for (let i = 0; i < 3; i += 1)
      expect((await status(apiKey, uuid)).json()).toEqual({ success: true, status: 'paid' });
    expect(await walletOf(t, apiKey)).toBe(25);

    const history = (await customerCall(t, apiKey).get('/api/payments/history')).json<{ payments: unknown[] }>();
    expect(history.payments).toEqual([
      { created: expect.any(String), currency: 'LTC', amount: 25, status: 'paid', uuid, url, method: 'sandbox' },
    ]);
  });

  it('Fail -> fail, nothing credited, and Pay afterwards changes nothing', async () => {
    const apiKey = await registerCustomer(t.app);
    const { uuid } = (await create(apiKey, 10)).json<{ uuid: string }>();
    expect((await click(uuid, 'fail')).json()).toEqual({ success: true, status: 'fail' });
    expect((await click(uuid, 'paid')).json()).toEqual({ success: true, status: 'fail' });
    expect((await status(apiKey, uuid)).json()).toEqual({ success: true, status: 'fail' });
    expect(await walletOf(t, apiKey)).toBe(0);
  });

  it('ends a sandbox payment nobody paid within its lifetime as fail', async () => {
    const { reconcilePayments } = await import('../jobs/payments-reconcile');
    const { paymentsDepsOf } = await import('../app');
    const apiKey = await registerCustomer(t.app);
    const { uuid } = (await create(apiKey, 10)).json<{ uuid: string }>();
    t.clock.advance(t.config.payments.lifetimeMs + 1000);
    await reconcilePayments(paymentsDepsOf({ config: t.config, db: t.database.db, clock: t.clock }));
    expect((await status(apiKey, uuid)).json()).toEqual({ success: true, status: 'fail' });
  });

  it("hides another customer's payment", async () => {
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const { uuid } = (await create(owner, 10)).json<{ uuid: string }>();
    expect((await status(other, uuid)).statusCode).toBe(404);
    expect((await customerCall(t, other).get('/api/payments/history')).json()).toEqual({ success: true, payments: [] });
    expect((await click('no-such-payment', 'paid')).statusCode).toBe(404);
  });

  it('rewards the referrer with 10% of a deposit', async () => {
    const referrer = await registerCustomer(t.app);
    const code = (await customerCall(t, referrer).post('/api/login')).json<{ referral_key: string }>().referral_key;
    const referred = await registerCustomer(t.app, code);
    const { uuid } = (await create(referred, 25)).json<{ uuid: string }>();
    await click(uuid, 'paid');
    await click(uuid, 'paid');
    expect(await walletOf(t, referred)).toBe(25);
    expect(await walletOf(t, referrer)).toBe(2.5);
  });
});
