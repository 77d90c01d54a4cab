import { RENTAL_STATUS } from '@portal/contract';
import { type SQL, and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { bumpCatalogue } from '../catalogue/catalogue-state';
import { rentals } from '../db/schema';
import { autoRefundWaiting, autoRenewRental } from '../rentals/rentals-service';
import { replaceFailing } from '../replacements/replacement-service';
import { checkConnected } from './health-check';
import type { LifecycleDeps } from './lifecycle-deps';
import { upstreamsOf } from './upstreams';

const BATCH = 500;
const PROVISION_BATCH = 50;
/** How long a process owns its claim on a rental check before another may take it over. */
const CHECK_LEASE_MS = 60_000;

type RentalUpdate = Partial<typeof rentals.$inferInsert>;

/**
 * Moves due rentals to a new state. Rows another transaction holds (an extension under way)
 * are skipped, and the update repeats the condition on the row as it is then, so a concurrent
 * change of the row is never overwritten.
 */
async function advanceDue(tx: Queryable, due: SQL | undefined, set: RentalUpdate): Promise<number> {
  const claim = tx
    .select({ id: rentals.id })
    .from(rentals)
    .where(due)
    .orderBy(asc(rentals.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(rentals)
    .set(set)
    .where(and(inArray(rentals.id, claim), due))
    .returning({ id: rentals.id });
  return rows.length;
}

/** connected -> ready at end_time; the proxy stays held for the grace period. */
export async function markEnded(deps: LifecycleDeps): Promise<number> {
  const now = deps.clock.now();
  const due = and(eq(rentals.status, RENTAL_STATUS.connected), lte(rentals.endTime, now));
  return advanceDue(deps.db, due, { status: RENTAL_STATUS.ready });
}

/** ready -> expired after the grace period; the proxies return to the catalogue. */
export async function expireReady(deps: LifecycleDeps): Promise<number> {
  const now = deps.clock.now();
  const graceOver = new Date(now.getTime() - deps.graceMs);
  const due = and(eq(rentals.status, RENTAL_STATUS.ready), lte(rentals.endTime, graceOver));
  return deps.db.transaction(async (tx) => {
    const expired = await advanceDue(tx, due, { status: RENTAL_STATUS.expired, endedAt: now });
    if (expired > 0) await bumpCatalogue(tx);
    return expired;
  });
}

/**
 * waiting_up -> connected when the provisioner's check passes; refunded once the deadline has
 * passed without success. Rentals are claimed with a lease (FOR UPDATE SKIP LOCKED), and the
 * checks run outside any transaction, since they may wait on the network.
 */
export async function provisionWaiting(deps: LifecycleDeps): Promise<{ connected: number; refunded: number }> {
  const now = deps.clock.now();
  const waiting = and(
    eq(rentals.status, RENTAL_STATUS.waitingUp),
    or(isNull(rentals.checkLeaseUntil), lt(rentals.checkLeaseUntil, now)),
  );
  const claim = deps.db
    .select({ id: rentals.id })
    .from(rentals)
    .where(waiting)
    .orderBy(asc(rentals.id))
    .limit(PROVISION_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(rentals)
    .set({ checkLeaseUntil: new Date(now.getTime() + CHECK_LEASE_MS) })
    .where(and(inArray(rentals.id, claim), waiting))
    .returning({
      id: rentals.id,
      userId: rentals.userId,
      username: rentals.username,
      hours: rentals.hours,
      createdAt: rentals.createdAt,
      proxyId: rentals.proxyId,
    });
  if (claimed.length === 0) return { connected: 0, refunded: 0 };

  const upstreams = await upstreamsOf(deps.db, claimed);
  let connected = 0;
  let refunded = 0;
  await Promise.all(
    claimed.map(async (rental) => {
      const upstream = upstreams.get(rental.proxyId) ?? '';
      const result = await deps.provisioner.check({ rentalId: rental.id, username: rental.username, upstream });
      const at = deps.clock.now();
      if (result.ok) {
        // Time runs from the moment access works: provisioning is not taken from the customer.
        const updated = await deps.db
          .update(rentals)
          .set({
            status: RENTAL_STATUS.connected,
            connectedAt: at,
            endTime: new Date(at.getTime() + rental.hours * 3_600_000),
            checkLeaseUntil: null,
          })
          .where(and(eq(rentals.id, rental.id), eq(rentals.status, RENTAL_STATUS.waitingUp)))
          .returning({ id: rentals.id });
        connected += updated.length;
        return;
      }
      if (at.getTime() - rental.createdAt.getTime() >= deps.provisioningDeadlineMs) {
        if (await autoRefundWaiting(deps, rental.id, rental.userId)) refunded += 1;
        return;
      }
      // Not up yet: release the claim so the next round checks again.
      await deps.db.update(rentals).set({ checkLeaseUntil: null }).where(eq(rentals.id, rental.id));
    }),
  );
  return { connected, refunded };
}

/** Renewals start this long before end_time, so access never lapses between jobs. */
export const RENEW_LEAD_MS = 60_000;

/** Renews connected rentals with auto-renew whose end is near; each renewal is its own transaction. */
export async function renewDue(deps: LifecycleDeps): Promise<{ renewed: number; renewFailed: number }> {
  const dueBefore = new Date(deps.clock.now().getTime() + RENEW_LEAD_MS);
  const due = await deps.db
    .select({ id: rentals.id })
    .from(rentals)
    .where(
      and(eq(rentals.status, RENTAL_STATUS.connected), eq(rentals.autoRenew, true), lte(rentals.endTime, dueBefore)),
    )
    .orderBy(asc(rentals.endTime))
    .limit(BATCH);
  let renewed = 0;
  let renewFailed = 0;
  for (const { id } of due) {
    const result = await autoRenewRental(deps, id, dueBefore);
    if (result === 'renewed') renewed += 1;
    if (result === 'failed') renewFailed += 1;
  }
  return { renewed, renewFailed };
}

/**
 * One round of every step. A stopping process (`signal` aborted) ends the round between steps:
 * each step's writes are complete transactions, and what is left is due again next round, in
 * this process after a restart or in another.
 */
export async function runLifecycleOnce(deps: LifecycleDeps, signal?: AbortSignal) {
  const result = {
    connected: 0,
    refunded: 0,
    checked: 0,
    unavailable: 0,
    renewed: 0,
    renewFailed: 0,
    ended: 0,
    expired: 0,
    replaced: 0,
  };
  const steps = [
    async () => Object.assign(result, await provisionWaiting(deps)),
    async () => Object.assign(result, await checkConnected(deps)),
    // After the checks, which set how long each proxy has been failing.
    async () => {
      if (deps.replacement) {
        const { autoAfterMs, perDay, autoPerDay } = deps.replacement;
        result.replaced = (await replaceFailing({ ...deps, afterMs: autoAfterMs, perDay, autoPerDay })).replaced;
      }
    },
    // Before markEnded: a rental renewed here never turns `ready`.
    async () => Object.assign(result, await renewDue(deps)),
    async () => (result.ended = await markEnded(deps)),
    async () => (result.expired = await expireReady(deps)),
  ];
  for (const step of steps) {
    if (signal?.aborted) break;
    await step();
  }
  return result;
}
