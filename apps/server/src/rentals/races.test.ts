import { priceCents } from '@portal/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies, rentals, users } from '../db/schema';
import { markEnded, runLifecycleOnce } from '../jobs/lifecycle-jobs';
import { verifyLedger } from '../ledger/ledger-service';
import { HOUR, addProxies, buildTestApp, fundedCustomer, lifecycleOf, type TestApp } from '../../test/helper';
import { connectedPurchase } from '../../test/live-rental-kit';

/**
 * Real concurrency: requests go through a listening HTTP server. On PostgreSQL (CI) the row
 * locks decide; on PGlite one connection serializes transactions, which tests the logic only.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).mismatches).toEqual([]);
  await t.close();
});

function buy(apiKey: string, id: number, hours: number): Promise<Response> {
  return fetch(`${base}/api/proxy/buy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ task: 'up', id, hours }),
  });
}

describe('races', () => {
  it('10 customers buying one proxy at once: exactly one wins', async () => {
    const [id] = await addProxies(t, 1);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => fundedCustomer(t, 1000)));
    const responses = await Promise.all(buyers.map((b) => buy(b.apiKey, id!, 1)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const holders = await t.database.db.select().from(rentals).where(eq(rentals.proxyId, id!));
    expect(holders).toHaveLength(1);
    const charged = await t.database.db.select({ balance: users.balanceCents }).from(users);
    expect(charged.filter((u) => u.balance === 1000 - priceCents(1, 0))).toHaveLength(1);
  });

  it('one customer with money for 3 fires 20 buys at once: exactly 3 succeed, never below zero', async () => {
    const ids = await addProxies(t, 20, { fraud_score: 0 });
    const price = priceCents(24, 0);
    const { apiKey, userId } = await fundedCustomer(t, price * 3 + price - 1);
    const responses = await Promise.all(ids.map((id) => buy(apiKey, id, 24)));
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(17);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.balanceCents).toBe(price - 1);
  });

  it('an expiry sweep racing an extension never loses the extension', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [id] = await addProxies(t, 1);
      const { apiKey } = await fundedCustomer(t, 10_000);
      expect((await buy(apiKey, id!, 1)).status).toBe(200);
      await runLifecycleOnce(await lifecycleOf(t)); // connected, ends in an hour
      t.clock.advance(HOUR); // due now
      const [extension] = await Promise.all([buy(apiKey, id!, 5), markEnded(await lifecycleOf(t))]);
      expect(extension.status).toBe(200);
      const [rental] = await t.database.db.select().from(rentals).where(eq(rentals.proxyId, id!));
      // Either order ends connected with five more hours: from the old end, or from now once ready.
      expect(rental?.status).toBe('connected');
      expect(rental!.endTime.getTime()).toBe(t.clock.now().getTime() + 5 * HOUR);
      expect(rental?.hours).toBe(6);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('lock order on PostgreSQL', () => {
  /** Backends of this test's database waiting on a lock. */
  async function waitingOnLocks(client: pg.Client): Promise<number> {
    const result = await client.query<{ count: string }>(
      "SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND wait_event_type = 'Lock'",
    );
    return Number(result.rows[0]?.count ?? 0);
  }

  it('a replacement and an extension of the same rental, queued behind one lock, neither deadlocks', async () => {
    const [oldId] = await addProxies(t, 1, { country: 'CZ' });
    await addProxies(t, 1, { country: 'CZ' });
    const rental = await connectedPurchase(t, { proxyId: oldId });
    // Failing: the replacement needs no live check and goes straight to its transaction.
    await t.database.db.update(proxies).set({ failingSince: new Date() }).where(eq(proxies.id, oldId!));
    const holder = new pg.Client({ connectionString: t.database.url! });
    await holder.connect();
    // Its own connection: inside the holder's transaction pg_stat_activity would not change.
    const watcher = new pg.Client({ connectionString: t.database.url! });
    await watcher.connect();
    try {
      // The rental's row held elsewhere: both requests take what locks they can, then queue on it.
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM rentals WHERE id = $1 FOR UPDATE', [rental.id]);
      const replaced = fetch(`${base}/api/proxy/replace`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': rental.apiKey },
        body: JSON.stringify({ proxy_id: oldId }),
      });
      await expect.poll(() => waitingOnLocks(watcher), { timeout: 10_000 }).toBe(1);
      const extended = buy(rental.apiKey, oldId!, 1);
      await expect.poll(() => waitingOnLocks(watcher), { timeout: 10_000 }).toBe(2);
      await holder.query('COMMIT');
      // Taken in other orders (the rental, then its proxy; or the proxy, then a row the other's
      // inserts reference), the two waited on each other once the row was free, and PostgreSQL
      // aborted one as a deadlock: a 500. Now the move goes first, and the extension finds the
      // proxy no longer the customer's (a failing proxy is not for sale).
      expect((await replaced).status).toBe(200);
      const extension = await extended;
      expect(extension.status).toBe(409);
      expect(await extension.json()).toMatchObject({ code: 'PROXY_UNAVAILABLE' });
    } finally {
      await holder.end();
      await watcher.end();
    }
  });
});
