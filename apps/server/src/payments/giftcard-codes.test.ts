import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftcards } from '../db/schema';
import { adminToken, buildTestApp, customerCall, registerCustomer, walletOf, type TestApp } from '../../test/helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000', GIFTCARD_RATE_LIMIT: '1000' } });
});
afterAll(async () => t.close());

describe('gift card codes people can read back', () => {
  it('never use the look-alikes I, L, O, 0 and 1', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/giftcards',
      headers: { authorization: `Bearer ${await adminToken(t)}` },
      payload: { amount: 1, count: 200 },
    });
    const { codes } = response.json<{ codes: string[] }>();
    expect(codes).toHaveLength(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
  });

  it('an older code with an I is redeemed when typed with a 1 or an l', async () => {
    await t.database.db
      .insert(giftcards)
      .values({ code: 'AIBC2345DEFG6789', amountCents: 300, createdAt: t.clock.now() });
    const apiKey = await registerCustomer(t.app);
    const answer = await customerCall(t, apiKey).post('/api/payments/giftcard', { giftcard: 'a1bc-2345-defg-6789' });
    expect(answer.statusCode).toBe(200);
    expect(await walletOf(t, apiKey)).toBe(3);
    const again = await customerCall(t, apiKey).post('/api/payments/giftcard', { giftcard: 'ALBC 2345 DEFG 6789' });
    expect(again.statusCode).not.toBe(200);
  });
});
