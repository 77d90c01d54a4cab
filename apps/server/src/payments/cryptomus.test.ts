import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAlertNotices, operatorChats, operators, payments } from '../db/schema';
import { verifyLedger } from '../ledger/ledger-service';
import { PROVIDER_CONFIRMATION_CAP_MS, reconcilePayments } from '../jobs/payments-reconcile';
import { paymentsDepsOf } from '../app';
import { adminToken, buildTestApp, customerCall, registerCustomer, walletOf, type TestApp } from '../../test/helper';
import { FAKE_KEY, FAKE_MERCHANT, signLikeCryptomus, startCryptomusFake } from '../../test/fakes/cryptomus-fake';
import { PAID_WITHOUT_AMOUNT } from './payments-service';
import { cryptomusSign, phpJsonEncode } from './providers/cryptomus';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startCryptomusFake>>;

beforeAll(async () => {
  fake = await startCryptomusFake();
  t = await buildTestApp({
    env: {
      REGISTER_RATE_LIMIT: '1000',
      PAYMENT_PROVIDER: 'cryptomus',
      CRYPTOMUS_URL: fake.url,
      CRYPTOMUS_MERCHANT: FAKE_MERCHANT,
      CRYPTOMUS_API_KEY: FAKE_KEY,
      PUBLIC_URL: 'https://portal.example.com',
    },
  });
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).mismatches).toEqual([]);
  await t.close();
  await fake.close();
});

const webhook = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/cryptomus',
    headers: { 'content-type': 'application/json' },
    payload: body,
  });

async function newPayment(amount = 10) {
  const apiKey = await registerCustomer(t.app);
  const created = await customerCall(t, apiKey).post('/api/payments/create', { amount, currency: 'BTC' });
  expect(created.statusCode).toBe(200);
  const { uuid, url } = created.json<{ uuid: string; url: string }>();
  const invoice = [...fake.invoices.values()].find((i) => i.order_id === uuid);
  if (!invoice) throw new Error('the fake got no invoice');
  return { apiKey, uuid, url, invoice };
}

async function polledStatus(apiKey: string, uuid: string): Promise<string> {
  t.clock.advance(11_000); // past the per-payment provider check interval
  return (await customerCall(t, apiKey).post(`/api/payments/status/${uuid}`, { task: 'check', uuid })).json<{
    status: string;
  }>().status;
}

describe('Cryptomus signing', () => {
  it('matches worked examples of the signing rule', () => {
    const body =
      '{"amount":"10.00","currency":"USD","order_id":"topup-42","url_callback":"https://example.com/api/payments/webhook"}';
    expect(cryptomusSign(body, 'TEST_API_KEY')).toBe('8e205b210c0bdc2be12b63ef9d98fc0c');
    expect(cryptomusSign('{}', 'TEST_API_KEY')).toBe('4e8dd2944ffced4fbac1be89bd06a4b7');
  });

  it('serializes like PHP json_encode with JSON_UNESCAPED_UNICODE', () => {
    expect(phpJsonEncode({ url: 'https://a/b', name: 'Café ₿', n: 1, ok: true, none: null })).toBe(
      '{"url":"https:\\/\\/a\\/b","name":"Café ₿","n":1,"ok":true,"none":null}',
    );
  });
});

describe('Cryptomus payments', () => {
  it('lists the available methods and creates a signed invoice', async () => {
    const { apiKey, uuid, url, invoice } = await newPayment(10);
    expect((await customerCall(t, apiKey).get('/api/payments/services')).json()).toEqual({
      success: true,
      services: ['BTC', 'LTC', 'USDT'],
    });
    expect(url).toBe(invoice.url);
    expect(invoice).toMatchObject({ amount: '10.00', currency: 'USD', payer_currency: 'BTC' });
    expect(invoice.url_callback).toBe('https://portal.example.com/api/payments/webhook/cryptomus');
    expect(
      (await customerCall(t, apiKey).post(`/api/payments/status/${uuid}`, { task: 'check', uuid })).json(),
    ).toEqual({
      success: true,
      status: 'check',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${uuid}` })).statusCode).toBe(404);
  });

  it.each([
    ['paid', false, 'paid', 10],
    ['paid_over', true, 'paid', 10],
    ['wrong_amount', false, 'wrong_amount', 0],
    ['wrong_amount', true, 'fail', 0],
    ['process', false, 'process', 0],
    ['confirm_check', false, 'confirm_check', 0],
    ['wrong_amount_waiting', false, 'wrong_amount_waiting', 0],
    ['check', false, 'check', 0],
    ['fail', true, 'fail', 0],
    ['cancel', true, 'fail', 0],
    ['system_fail', true, 'fail', 0],
    ['refund_process', false, 'refund_process', 0],
    ['refund_fail', false, 'refund_fail', 0],
    ['refund_paid', true, 'refund_paid', 0],
    ['locked', false, 'locked', 0],
  ])('maps %s (is_final %s) to %s and credits $%i', async (providerStatus, isFinal, expected, credited) => {
    const { apiKey, uuid, invoice } = await newPayment(10);
    fake.setStatus(invoice.uuid, providerStatus, { is_final: isFinal, payment_amount_usd: '12.00' });
    expect(await polledStatus(apiKey, uuid)).toBe(expected);
    expect(await walletOf(t, apiKey)).toBe(credited);
  });

  it('credits on a webhook with a good signature, even with "/" in values; redeliveries add nothing', async () => {
    const { apiKey, invoice } = await newPayment(20);
    fake.setStatus(invoice.uuid, 'paid', { is_final: true });
    const body = fake.webhookBody(invoice.uuid, { additional_data: 'ref/42 https://x.example/y' });
    expect(body).toContain('ref/42');
    const first = await webhook(body);
    expect(first.statusCode).toBe(200);
    expect(await walletOf(t, apiKey)).toBe(20);
    for (let i = 0; i < 3; i += 1) expect((await webhook(body)).statusCode).toBe(200);
    expect(await walletOf(t, apiKey)).toBe(20);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const { apiKey, invoice } = await newPayment(20);
    fake.setStatus(invoice.uuid, 'paid', { is_final: true });
    const tampered = fake.webhookBody(invoice.uuid, {}, (body) => {
      body.amount = '2000.00';
    });
    const response = await webhook(tampered);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: 'Invalid webhook signature' });
    const garbage = await webhook('{"uuid":"x","sign":"' + signLikeCryptomus('other') + '"}');
    expect(garbage.statusCode).toBe(401);
    expect(await walletOf(t, apiKey)).toBe(0);
  });

  it('re-reads the payment before crediting: a signed "paid" webhook the provider does not confirm credits nothing', async () => {
    const { apiKey, invoice } = await newPayment(20);
    const body = fake.webhookBody(invoice.uuid, { status: 'paid', is_final: true });
    expect((await webhook(body)).statusCode).toBe(200);
    expect(await walletOf(t, apiKey)).toBe(0);
  });

  it('settles without webhook or polling through reconciliation', async () => {
    const paid = await newPayment(7);
    fake.setStatus(paid.invoice.uuid, 'paid', { is_final: true });
    await reconcilePayments(paymentsDepsOf({ config: t.config, db: t.database.db, clock: t.clock }));
    expect(await walletOf(t, paid.apiKey)).toBe(7);
  });

  it('a payment it cannot credit (paid, with nothing settled) keeps no newer payment from being credited', async () => {
    const deps = paymentsDepsOf({ config: t.config, db: t.database.db, clock: t.clock });
    const odd = await newPayment(5);
    const good = await newPayment(4);
    fake.setStatus(odd.invoice.uuid, 'paid', { is_final: true, payment_amount_usd: '0.00' });
    fake.setStatus(good.invoice.uuid, 'paid', { is_final: true });
    // Claimed oldest first, every round: the odd one comes first each time.
    for (let round = 0; round < 2; round += 1) await reconcilePayments(deps);
    expect(await walletOf(t, good.apiKey)).toBe(4);
    expect(await walletOf(t, odd.apiKey)).toBe(0);
    // Still pending, and not called paid: the customer's page would take that for a credit.
    expect(await polledStatus(odd.apiKey, odd.uuid)).toBe(PAID_WITHOUT_AMOUNT);
  });

  it("leaves another provider's pending payment (the shop switched) waiting, unasked", async () => {
    const { apiKey, uuid } = await newPayment(3);
    // As if made before the switch: BTCPay's, with BTCPay's invoice id, which Cryptomus cannot know.
    await t.database.db
      .update(payments)
      .set({ provider: 'btcpay', providerPaymentId: 'btcpay-invoice-1' })
      .where(eq(payments.id, uuid));
    const deps = paymentsDepsOf({ config: t.config, db: t.database.db, clock: t.clock });
    t.clock.advance(t.config.payments.lifetimeMs + PROVIDER_CONFIRMATION_CAP_MS + 60_000);
    await reconcilePayments(deps);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, uuid));
    expect(row).toMatchObject({ status: 'pending', lastCheckedAt: null });
    expect(await polledStatus(apiKey, uuid)).not.toBe('fail');
  });

  it('keeps waiting past the invoice lifetime while the provider still says pending; the provider ends it', async () => {
    const deps = paymentsDepsOf({ config: t.config, db: t.database.db, clock: t.clock });
    const confirming = await newPayment(8);
    const cancelled = await newPayment(9);
    fake.setStatus(confirming.invoice.uuid, 'confirm_check');
    t.clock.advance(t.config.payments.lifetimeMs + 60_000);
    await reconcilePayments(deps);
    expect(await polledStatus(confirming.apiKey, confirming.uuid)).toBe('confirm_check');

    fake.setStatus(cancelled.invoice.uuid, 'cancel', { is_final: true });
    fake.setStatus(confirming.invoice.uuid, 'paid', { is_final: true });
    await reconcilePayments(deps);
    expect(await walletOf(t, confirming.apiKey)).toBe(8);
    expect(await polledStatus(cancelled.apiKey, cancelled.uuid)).toBe('fail');
  });

  it('gives up after the confirmation cap and tells the operators, yet a late "paid" still credits once', async () => {
    const deps = paymentsDepsOf({ config: t.config, db: t.database.db, clock: t.clock });
    await adminToken(t);
    const [owner] = await t.database.db.select().from(operators).where(eq(operators.builtin, true));
    await t.database.db
      .insert(operatorChats)
      .values({ operatorId: owner!.id, chatId: 7070, linkedAt: t.clock.now() })
      .onConflictDoNothing();
    const late = await newPayment(6);
    fake.setStatus(late.invoice.uuid, 'process');
    t.clock.advance(t.config.payments.lifetimeMs + PROVIDER_CONFIRMATION_CAP_MS + 60_000);
    await reconcilePayments(deps);
    expect(await polledStatus(late.apiKey, late.uuid)).toBe('fail');
    // Someone may have paid an invoice the provider never confirmed: the operators hear of it, once.
    await reconcilePayments(deps);
    const alerts = await t.database.db
      .select()
      .from(operatorAlertNotices)
      .where(eq(operatorAlertNotices.kind, 'payment_unconfirmed'));
    expect(alerts.map((row) => row.payload)).toEqual([
      expect.objectContaining({
        state: 'raised',
        details: expect.objectContaining({ payment: late.uuid, amount: '$6.00', providerStatus: 'process' }),
      }),
    ]);

    fake.setStatus(late.invoice.uuid, 'paid', { is_final: true });
    const body = fake.webhookBody(late.invoice.uuid);
    expect((await webhook(body)).statusCode).toBe(200);
    expect((await webhook(body)).statusCode).toBe(200);
    expect(await walletOf(t, late.apiKey)).toBe(6);
    expect(await polledStatus(late.apiKey, late.uuid)).toBe('paid');
  });

  it('credits what was settled for "paid", never more than the invoice', async () => {
    const short = await newPayment(10);
    fake.setStatus(short.invoice.uuid, 'paid', { is_final: true, payment_amount_usd: '9.50' });
    expect(await polledStatus(short.apiKey, short.uuid)).toBe('paid');
    expect(await walletOf(t, short.apiKey)).toBe(9.5);
  });

  it('answers 502 when the provider is down, and polling keeps reporting the pending status', async () => {
    const { apiKey, uuid } = await newPayment(5);
    fake.setDown(true);
    try {
      const created = await customerCall(t, apiKey).post('/api/payments/create', { amount: 5, currency: 'BTC' });
      expect(created.statusCode).toBe(502);
      expect(await polledStatus(apiKey, uuid)).toBe('check');
    } finally {
      fake.setDown(false);
    }
  });
});
