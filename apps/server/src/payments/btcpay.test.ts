import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/ledger-service';
import { buildTestApp, customerCall, registerCustomer, walletOf, type TestApp } from '../../test/helper';
import { FAKE_BTCPAY_KEY, FAKE_STORE, FAKE_WEBHOOK_SECRET, startBtcpayFake } from '../../test/fakes/btcpay-fake';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startBtcpayFake>>;

beforeAll(async () => {
  fake = await startBtcpayFake();
  t = await buildTestApp({
    env: {
      REGISTER_RATE_LIMIT: '1000',
      PAYMENT_PROVIDER: 'btcpay',
      BTCPAY_URL: fake.url,
      BTCPAY_API_KEY: FAKE_BTCPAY_KEY,
      BTCPAY_STORE_ID: FAKE_STORE,
      BTCPAY_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      PUBLIC_URL: 'https://portal.example.com',
    },
  });
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).mismatches).toEqual([]);
  await t.close();
  await fake.close();
});

async function newPayment(amount = 10, currency = 'LTC') {
  const apiKey = await registerCustomer(t.app);
  const created = await customerCall(t, apiKey).post('/api/payments/create', { amount, currency });
  expect(created.statusCode).toBe(200);
  const { uuid, url } = created.json<{ uuid: string; url: string }>();
  const invoice = [...fake.invoices.values()].find((i) => i.metadata.orderId === uuid);
  if (!invoice) throw new Error('the fake got no invoice');
  return { apiKey, uuid, url, invoice };
}

const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/btcpay',
    headers: delivery.headers,
    payload: delivery.body,
  });

describe('BTCPay Server payments', () => {
  it('creates a Greenfield invoice for the chosen chain and answers its checkout link', async () => {
    const { url, invoice } = await newPayment(15, 'LTC');
    expect(url).toBe(invoice.checkoutLink);
    expect(invoice).toMatchObject({
      amount: '15.00',
      currency: 'USD',
      checkout: {
        paymentMethods: ['LTC-CHAIN'],
        expirationMinutes: 60,
        redirectURL: 'https://portal.example.com/payment',
      },
    });
  });

  it.each([
    ['New', 'None', 'New', 0],
    ['Processing', 'None', 'Processing', 0],
    ['Settled', 'None', 'paid', 10],
    ['Settled', 'PaidOver', 'paid', 10],
    ['Expired', 'PaidPartial', 'fail', 0],
    ['Expired', 'None', 'fail', 0],
    ['Invalid', 'Marked', 'fail', 0],
  ])('maps %s/%s to %s and credits $%i', async (status, additional, expected, credited) => {
    const { apiKey, uuid, invoice } = await newPayment(10);
    fake.setStatus(invoice.id, status, additional);
    t.clock.advance(11_000);
    const answer = await customerCall(t, apiKey).post(`/api/payments/status/${uuid}`, { task: 'check', uuid });
    expect(answer.json()).toEqual({ success: true, status: expected });
    expect(await walletOf(t, apiKey)).toBe(credited);
  });

  it('credits on a signed webhook once, redeliveries included', async () => {
    const { apiKey, invoice } = await newPayment(30);
    fake.setStatus(invoice.id, 'Settled');
    expect((await deliver(fake.webhook(invoice.id, 'InvoiceSettled'))).statusCode).toBe(200);
    expect((await deliver(fake.webhook(invoice.id, 'InvoiceSettled', FAKE_WEBHOOK_SECRET, true))).statusCode).toBe(200);
    expect((await deliver(fake.webhook(invoice.id, 'InvoicePaymentSettled'))).statusCode).toBe(200);
    expect(await walletOf(t, apiKey)).toBe(30);
  });

  it('refuses a webhook signed with another secret, or unsigned', async () => {
    const { apiKey, invoice } = await newPayment(30);
    fake.setStatus(invoice.id, 'Settled');
    expect((await deliver(fake.webhook(invoice.id, 'InvoiceSettled', 'wrong-secret'))).statusCode).toBe(401);
    const unsigned = fake.webhook(invoice.id, 'InvoiceSettled');
    expect((await deliver({ body: unsigned.body, headers: { 'content-type': 'application/json' } })).statusCode).toBe(
      401,
    );
    expect(await walletOf(t, apiKey)).toBe(0);
  });

  it('credits an invoice that expired partly paid once BTCPay settles it (paid late, or marked settled)', async () => {
    for (const [settledAs, amount] of [
      ['Marked', 12],
      ['PaidLate', 13],
    ] as const) {
      const { apiKey, uuid, invoice } = await newPayment(amount);
      fake.setStatus(invoice.id, 'Expired', 'PaidPartial');
      expect((await deliver(fake.webhook(invoice.id, 'InvoiceExpired'))).statusCode).toBe(200);
      const check = () => customerCall(t, apiKey).post(`/api/payments/status/${uuid}`, { task: 'check', uuid });
      expect((await check()).json()).toEqual({ success: true, status: 'fail' });
      // The merchant marks it settled, or the rest arrives after expiry: BTCPay now says Settled.
      fake.setStatus(invoice.id, 'Settled', settledAs);
      expect((await deliver(fake.webhook(invoice.id, 'InvoiceSettled'))).statusCode).toBe(200);
      expect((await deliver(fake.webhook(invoice.id, 'InvoiceSettled', FAKE_WEBHOOK_SECRET, true))).statusCode).toBe(
        200,
      );
      expect((await check()).json()).toEqual({ success: true, status: 'paid' });
      expect(await walletOf(t, apiKey)).toBe(amount);
    }
  });

  it('answers 404 for the webhook of a provider that is not active', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/cryptomus', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
