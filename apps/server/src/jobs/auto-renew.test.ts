import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceCents } from '@portal/contract';
import { CredentialStore } from '../gateway/credential-store';
import { databaseUsage, loadAllAccess } from '../gateway/database-link';
import { ledgerEntries, proxies, rentals } from '../db/schema';
import { autoRenewRental } from '../rentals/rentals-service';
import {
  addProxies,
  appPerFile,
  customerCall,
  fundedCustomer,
  HOUR,
  lifecycleOf,
  walletOf,
  type TestApp,
} from '../../test/helper';
import { RENEW_LEAD_MS, runLifecycleOnce } from './lifecycle-jobs';

let t: TestApp;
appPerFile({ env: { REGISTER_RATE_LIMIT: '1000' }, ledgerBalanced: true }, (app) => {
  t = app;
});

/** A connected 5-hour rental with auto-renew on, ending an hour from the test clock's now. */
async function renewingRental(walletCents: number, fraudScore = 0) {
  const { apiKey, userId } = await fundedCustomer(t, walletCents);
  const [proxyId] = await addProxies(t, 1, { fraud_score: fraudScore });
  const call = customerCall(t, apiKey);
  expect((await call.post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 5 })).statusCode).toBe(200);
  const endTime = new Date(t.clock.now().getTime() + HOUR);
  const [rental] = await t.database.db
    .update(rentals)
    .set({ status: 'connected', connectedAt: t.clock.now(), endTime })
    .where(eq(rentals.proxyId, proxyId!))
    .returning();
  const turnedOn = await call.post('/api/proxy/auto-renew', { proxy_id: proxyId, enabled: true });
  expect(turnedOn.json()).toEqual({ success: true, auto_renew: true, count: 1 });
  return { apiKey, userId, proxyId: proxyId!, rental: rental!, endTime, call };
}

const extensions = async (rentalId: number) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.rentalId, rentalId), eq(ledgerEntries.kind, 'extension')));

describe('auto-renew', () => {
  it("extends by the last period at today's price for the current score before end_time, with no gap", async () => {
    const { apiKey, proxyId, rental, endTime } = await renewingRental(10_000);
    const store = new CredentialStore(databaseUsage(t.database.db), t.clock);
    try {
      // The operator rescored the proxy since the purchase: the renewal pays today's price.
      await t.database.db.update(proxies).set({ fraudScore: 40 }).where(eq(proxies.id, proxyId));
      const walletBefore = await walletOf(t, apiKey);
      t.clock.advance(HOUR - RENEW_LEAD_MS / 2);
      const lifecycle = await lifecycleOf(t);
      expect(await runLifecycleOnce(lifecycle)).toMatchObject({ renewed: 1, renewFailed: 0 });

      const [after] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
      expect(after).toMatchObject({ status: 'connected', hours: 10, renewFailure: null });
      expect(after!.endTime.getTime()).toBe(endTime.getTime() + 5 * HOUR);
      const charged = priceCents(5, 40);
      expect(await walletOf(t, apiKey)).toBeCloseTo(walletBefore - charged / 100, 2);
      expect((await extensions(rental.id)).map((entry) => entry.amountCents)).toEqual([-charged]);
      const transactions = await customerCall(t, apiKey).post('/api/payments/transactions', { task: 'get' });
      const rows = transactions.json<{ transactions: { method: string; renew_hours: number }[] }>().transactions;
      expect(rows[0]?.method).toBe('extension');
      // Each row names what auto-renew buys next, as the history does: the last period, not the 10 hours in all.
      expect(rows.map((row) => row.renew_hours)).toEqual([5, 5]);

      // At the old end_time and a second after it, the credentials still work and nothing ends.
      await loadAllAccess(t.database.db, store);
      t.clock.advance(RENEW_LEAD_MS / 2 + 1000);
      expect(store.authorize(rental.username, rental.password)).not.toBeNull();
      expect(await runLifecycleOnce(lifecycle)).toMatchObject({ renewed: 0, ended: 0 });
    } finally {
      await store.close();
    }
  });

  it('does not renew without enough balance, says why in the history, and the rental ends as usual', async () => {
    const { apiKey, proxyId, rental } = await renewingRental(priceCents(5, 0));
    t.clock.advance(HOUR - RENEW_LEAD_MS / 2);
    const lifecycle = await lifecycleOf(t);
    expect(await runLifecycleOnce(lifecycle)).toMatchObject({ renewed: 0, renewFailed: 1 });
    const history = (await customerCall(t, apiKey).get('/api/proxy/history')).json<{
      history: Record<string, unknown>[];
    }>();
    const row = history.history.find((entry) => entry.id === proxyId);
    expect(row).toMatchObject({ auto_renew: true, renew_hours: 5, status: 'connected' });
    expect(String(row?.renew_failure)).toMatch(/^Insufficient balance/);
    // Its code too, for the page to say it in the customer's language.
    expect(row?.renew_failure_code).toBe('INSUFFICIENT_BALANCE');
    t.clock.advance(RENEW_LEAD_MS);
    expect(await runLifecycleOnce(lifecycle)).toMatchObject({ ended: 1 });
    expect(await extensions(rental.id)).toHaveLength(0);
  });

  it('renews once when two processes try at the same moment', async () => {
    const { rental } = await renewingRental(10_000);
    t.clock.advance(HOUR - RENEW_LEAD_MS / 2);
    const dueBefore = new Date(t.clock.now().getTime() + RENEW_LEAD_MS);
    const lifecycle = await lifecycleOf(t);
    const results = await Promise.all([
      autoRenewRental(lifecycle, rental.id, dueBefore),
      autoRenewRental(lifecycle, rental.id, dueBefore),
    ]);
    expect(results.sort()).toEqual(['not-due', 'renewed']);
    expect(await extensions(rental.id)).toHaveLength(1);
  });

  it('is switched off again, and only for the caller’s own rental', async () => {
    const { proxyId, call } = await renewingRental(10_000);
    const stranger = await fundedCustomer(t, 0);
    const theirs = await customerCall(t, stranger.apiKey).post('/api/proxy/auto-renew', {
      proxy_id: proxyId,
      enabled: false,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await call.post('/api/proxy/auto-renew', { proxy_id: proxyId, enabled: false })).json()).toEqual({
      success: true,
      auto_renew: false,
      count: 1,
    });
    t.clock.advance(HOUR - RENEW_LEAD_MS / 2);
    expect(await runLifecycleOnce(await lifecycleOf(t))).toMatchObject({ renewed: 0, renewFailed: 0 });
  });

  it('changes a selection as a whole, or nothing when one proxy of it is not the caller’s', async () => {
    const { apiKey, userId, proxyId: first } = await renewingRental(10_000);
    const call = customerCall(t, apiKey);
    const [second] = await addProxies(t, 1);
    expect((await call.post('/api/proxy/buy', { task: 'up', id: second, hours: 1 })).statusCode).toBe(200);
    const stranger = await renewingRental(10_000);
    const renewing = async () =>
      (
        await t.database.db
          .select()
          .from(rentals)
          .where(and(eq(rentals.userId, userId), eq(rentals.autoRenew, true)))
      )
        .map((row) => row.proxyId)
        .sort((a, b) => a - b);

    const mixed = await call.post('/api/proxy/auto-renew', { proxy_id: [second, stranger.proxyId], enabled: true });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ code: 'RENTAL_NOT_FOUND' });
    expect(await renewing()).toEqual([first]);

    const both = await call.post('/api/proxy/auto-renew', { proxy_id: [first, second, second], enabled: true });
    expect(both.json()).toEqual({ success: true, auto_renew: true, count: 2 });
    expect(await renewing()).toEqual([first, second!].sort((a, b) => a - b));
    const off = await call.post('/api/proxy/auto-renew', { proxy_id: [first, second], enabled: false });
    expect(off.json()).toEqual({ success: true, auto_renew: false, count: 2 });
    expect(await renewing()).toEqual([]);
    expect((await call.post('/api/proxy/auto-renew', { proxy_id: [], enabled: true })).statusCode).toBe(400);
  });
});
