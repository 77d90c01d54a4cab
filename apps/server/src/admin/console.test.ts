import type { AdminOverview, CustomerDetail, CustomerSummary, InventoryRow } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies, rentals, users } from '../db/schema';
import { runLifecycleOnce } from '../jobs/lifecycle-jobs';
import { verifyLedger } from '../ledger/ledger-service';
import { createGiftcards } from '../payments/giftcards-repository';
import {
  HOUR,
  addProxies,
  adminToken,
  buildTestApp,
  customerCall,
  fundedCustomer,
  lifecycleOf,
  registerCustomer,
  userIdOf,
  walletOf,
  type TestApp,
} from '../../test/helper';
import { closedPort } from '../../test/socks-upstream';

let t: TestApp;
let token: string;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000', ADMIN_LOGIN_RATE_LIMIT: '1000' } });
  token = await adminToken(t);
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).mismatches).toEqual([]);
  await t.close();
});

const adminGet = (url: string, bearer = token) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });

async function sandboxPayment(apiKey: string, amount: number, outcome: 'paid' | null) {
  const created = await customerCall(t, apiKey).post('/api/payments/create', { amount, currency: 'BTC' });
  const { uuid } = created.json<{ uuid: string }>();
  if (outcome) await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${uuid}`, payload: { outcome } });
  return uuid;
}

async function statusOf(proxyId: number): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ status: rentals.status })
    .from(rentals)
    .where(eq(rentals.proxyId, proxyId));
  return row?.status;
}

const buy = (apiKey: string, id: number, hours: number) =>
  customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id, hours });

describe('operator console API', () => {
  const scene = {} as {
    alice: { apiKey: string; userId: number };
    bob: { apiKey: string; userId: number };
    paidUuid: string;
    rentedId: number;
    deadId: number;
    disabledId: number;
    freeId: number;
    purchaseTotal: number;
    refundTotal: number;
  };

  beforeAll(async () => {
    // Day 1: Alice deposits $25; Bob opens a $7 payment he never pays.
    const aliceKey = await registerCustomer(t.app);
    scene.alice = { apiKey: aliceKey, userId: await userIdOf(t, aliceKey) };
    scene.bob = await fundedCustomer(t, 0);
    scene.paidUuid = await sandboxPayment(aliceKey, 25, 'paid');
    await sandboxPayment(scene.bob.apiKey, 7, null);

    // Day 2: Alice redeems a $5 gift card.
    t.clock.advance(DAY);
    const [code] = await createGiftcards(t.database.db, { amountCents: 500, count: 1, at: t.clock.now() });
    await customerCall(t, aliceKey).post('/api/payments/giftcard', { giftcard: code });

    // Day 3 (today): two purchases; one upstream never comes up and is refunded.
    t.clock.advance(DAY);
    // Admin tokens last hours, not days.
    token = await adminToken(t);
    [scene.rentedId, scene.freeId, scene.disabledId] = (await addProxies(t, 3)) as [number, number, number];
    [scene.deadId] = (await addProxies(t, 1, { upstream: `socks5://u:p@127.0.0.1:${await closedPort()}` })) as [number];
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/proxies/${scene.disabledId}/disable`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(disabled.statusCode).toBe(200);
    const before = await walletOf(t, aliceKey);
    expect((await buy(aliceKey, scene.rentedId, 24)).statusCode).toBe(200);
    const afterFirst = await walletOf(t, aliceKey);
    expect((await buy(aliceKey, scene.deadId, 5)).statusCode).toBe(200);
    const afterSecond = await walletOf(t, aliceKey);
    scene.purchaseTotal = Math.round((before - afterSecond) * 100) / 100;
    scene.refundTotal = Math.round((afterFirst - afterSecond) * 100) / 100;
    // The working upstream connects on the first round; a busy machine may need another.
    for (let round = 0; round < 5 && (await statusOf(scene.rentedId)) !== 'connected'; round += 1) {
      await runLifecycleOnce(await lifecycleOf(t));
    }
    t.clock.advance(t.config.provisioningDeadlineMs);
    expect((await runLifecycleOnce(await lifecycleOf(t))).refunded).toBe(1);
  });

  it('refuses every console call without a valid token', async () => {
    for (const url of ['/api/admin/overview', '/api/admin/customers', `/api/admin/customers/${scene.alice.userId}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await adminGet(url, 'not-a-token')).statusCode).toBe(401);
    }
  });

  it('sums up the shop: customers, balances, 30 days of money, rentals, inventory, pending payments', async () => {
    const response = await adminGet('/api/admin/overview');
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminOverview>();
    const rows = await t.database.db.select({ cents: users.balanceCents }).from(users);
    expect(body.customers).toBe(rows.length);
    expect(body.totalBalance).toBe(rows.reduce((sum, row) => sum + row.cents, 0) / 100);

    expect(body.revenue).toHaveLength(30);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(body.revenue.at(-1)).toEqual({
      date: today,
      deposits: 0,
      giftcards: 0,
      purchases: scene.purchaseTotal,
      refunds: scene.refundTotal,
    });
    expect(body.revenue.at(-2)).toMatchObject({ giftcards: 5, deposits: 0, purchases: 0 });
    expect(body.revenue.at(-3)).toMatchObject({ deposits: 25, giftcards: 0 });
    const first = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
    expect(body.revenue[0]?.date).toBe(first);

    expect(body.rentalsByStatus).toMatchObject({ connected: 1, refunded: 1, waiting_up: 0 });
    expect(body.inventory).toEqual({ free: 2, rented: 1, disabled: 1, checking: 0, failed: 0, unhealthy: 0 });
    expect(body.pendingPayments).toEqual({ count: 1, amount: 7 });
  });

  it('leaves days older than 30 out of the revenue', async () => {
    t.clock.advance(30 * DAY);
    try {
      const body = (await adminGet('/api/admin/overview', await adminToken(t))).json<AdminOverview>();
      const totals = body.revenue.reduce((sum, day) => sum + day.deposits + day.giftcards + day.purchases, 0);
      expect(totals).toBe(0);
    } finally {
      t.clock.advance(-30 * DAY);
    }
  });

  it('finds customers by id or any part of the referral key, in any case', async () => {
    const [alice] = await t.database.db.select().from(users).where(eq(users.id, scene.alice.userId));
    const key = alice!.referralKey;
    const search = async (q: string) =>
      (await adminGet(`/api/admin/customers?q=${encodeURIComponent(q)}`)).json<{ customers: CustomerSummary[] }>()
        .customers;

    expect((await search(String(scene.alice.userId))).map((c) => c.id)).toContain(scene.alice.userId);
    const part = key.slice(2, 8);
    const swapped = part === part.toUpperCase() ? part.toLowerCase() : part.toUpperCase();
    const found = await search(swapped);
    expect(found.map((c) => c.id)).toContain(scene.alice.userId);
    expect(found.find((c) => c.id === scene.alice.userId)).toMatchObject({
      referralKey: key,
      balance: await walletOf(t, scene.alice.apiKey),
      activeRentals: 1,
    });
    expect((await search(String(scene.bob.userId))).find((c) => c.id === scene.bob.userId)?.activeRentals).toBe(0);
    // LIKE wildcards are searched for literally, not as patterns.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    const newest = await search('');
    expect(newest.map((c) => c.id)).toEqual([...newest.map((c) => c.id)].sort((a, b) => b - a));
    expect((await adminGet(`/api/admin/customers?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it("shows one customer's balance, ledger, rentals and payments", async () => {
    const response = await adminGet(`/api/admin/customers/${scene.alice.userId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<CustomerDetail>();
    expect(body.customer).toMatchObject({ id: scene.alice.userId, balance: await walletOf(t, scene.alice.apiKey) });
    expect(body.ledger.map((row) => row.kind)).toEqual(['refund', 'purchase', 'purchase', 'giftcard', 'deposit']);
    expect(body.ledger[0]).toMatchObject({ amount: scene.refundTotal, balanceAfter: body.customer.balance });
    expect(body.ledger.at(-1)).toMatchObject({ amount: 25, balanceAfter: 25, paymentId: scene.paidUuid });
    expect(body.rentals.map((r) => [r.proxyId, r.status])).toEqual([
      [scene.deadId, 'refunded'],
      [scene.rentedId, 'connected'],
    ]);
    expect(body.rentals[1]).toMatchObject({ hours: 24, country: 'DE', port: 1080 });
    expect(body.payments).toEqual([
      expect.objectContaining({
        id: scene.paidUuid,
        amount: 25,
        status: 'paid',
        providerStatus: 'paid',
        credited: 25,
        provider: 'sandbox',
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain('u:p@');

    expect((await adminGet('/api/admin/customers/999999')).statusCode).toBe(404);
    expect((await adminGet('/api/admin/customers/abc')).statusCode).toBe(400);
  });

  it('lists each proxy with its health: last check and last unavailability', async () => {
    const checked = new Date(t.clock.now().getTime() - 60_000);
    await t.database.db
      .update(proxies)
      .set({ lastCheckedAt: checked, lastUnavailableAt: checked })
      .where(eq(proxies.id, scene.deadId));
    const rows = (await adminGet('/api/admin/proxies')).json<{ proxies: InventoryRow[] }>().proxies;
    expect(rows.find((row) => row.id === scene.deadId)).toMatchObject({
      lastCheckedAt: checked.toISOString(),
      lastUnavailableAt: checked.toISOString(),
      upstreamKind: expect.stringMatching(/^socks5 127\.0\.0\.1:\d+$/),
    });
    expect(rows.find((row) => row.id === scene.rentedId)).toMatchObject({ state: 'rented' });
    expect(rows.find((row) => row.id === scene.freeId)).toMatchObject({ state: 'free', lastUnavailableAt: null });
    expect(rows.find((row) => row.id === scene.disabledId)).toMatchObject({ state: 'disabled' });
  });
});
