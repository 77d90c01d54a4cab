import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/ledger-service';
import { buildTestApp, customerCall, registerCustomer, walletOf, type TestApp, adminToken } from '../../test/helper';

let t: TestApp;
let token: string;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000', GIFTCARD_RATE_LIMIT: '1000' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await adminToken(t);
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).mismatches).toEqual([]);
  await t.close();
});

async function makeCodes(amount: number, count: number): Promise<string[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/giftcards',
    headers: { authorization: `Bearer ${token}` },
    payload: { amount, count },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ codes: string[] }>().codes;
}

const redeem = (apiKey: string, giftcard: unknown) =>
  customerCall(t, apiKey).post('/api/payments/giftcard', { giftcard });

describe('gift cards', () => {
  it('creates easy-to-type codes with at least 64 random bits', async () => {
    const codes = await makeCodes(5, 20);
    expect(new Set(codes).size).toBe(20);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/giftcards',
      payload: { amount: 5, count: 1 },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('redeems once, in any case and spacing, with the fixed messages', async () => {
    const [code] = await makeCodes(12.5, 1);
    const apiKey = await registerCustomer(t.app);
    const typed = ` ${code!.toLowerCase().replaceAll('-', ' ')} `;
    expect((await redeem(apiKey, typed)).json()).toEqual({
      success: true,
      amount: 12.5,
      message: 'Gift card activated: $12.50 added to your wallet',
    });
    const again = await redeem(apiKey, code);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      success: false,
      message: 'Gift card code does not exist or has already been activated',
    });
    expect((await redeem(apiKey, 'NOPE-NOPE-NOPE-NOPE')).json()).toMatchObject({ success: false });
    expect((await redeem(apiKey, '   ')).json()).toMatchObject({
      error: 'Invalid giftcard: Please enter a gift card code',
    });
    expect(await walletOf(t, apiKey)).toBe(12.5);
  });

  it('10 parallel redemptions of one code: exactly one succeeds', async () => {
    const [code] = await makeCodes(3, 1);
    const keys = await Promise.all(Array.from({ length: 10 }, () => registerCustomer(t.app)));
    const responses = await Promise.all(
      keys.map((apiKey) =>
        fetch(`${base}/api/payments/giftcard`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          body: JSON.stringify({ giftcard: code }),
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(404)]);
    const wallets = await Promise.all(keys.map((apiKey) => walletOf(t, apiKey)));
    expect(wallets.filter((w) => w === 3)).toHaveLength(1);
  });

  it('limits attempts per address, so codes cannot be guessed by brute force', async () => {
    const limited = await buildTestApp({ database: t.database, env: { GIFTCARD_RATE_LIMIT: '3' } });
    try {
      const apiKey = await registerCustomer(t.app);
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/payments/giftcard',
          remoteAddress: '198.51.100.200',
          headers: { 'x-api-key': apiKey },
          payload: { giftcard: 'AAAA-BBBB-CCCC-DDDD' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(404);
      const locked = await attempt();
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ success: false, code: 'GIFTCARD_RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });

  it('earns the referrer nothing', async () => {
    const referrer = await registerCustomer(t.app);
    const referral = (await customerCall(t, referrer).post('/api/login')).json<{ referral_key: string }>().referral_key;
    const referred = await registerCustomer(t.app, referral);
    const [code] = await makeCodes(50, 1);
    await redeem(referred, code);
    expect(await walletOf(t, referred)).toBe(50);
    expect(await walletOf(t, referrer)).toBe(0);
  });
});
