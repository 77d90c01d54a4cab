import { RENTAL_STATUS } from '@portal/contract';
import { type SQL, and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { updateWon } from '../db/first-row';
import { lockedIds } from '../db/locked-ids';
import { proxies } from '../db/tables/inventory';
import { rentals } from '../db/tables/rentals';

/**
 * The lifecycle jobs' claims and state moves (jobs/lifecycle-jobs.ts, jobs/health-check.ts). Each
 * claim skips rows another transaction holds and repeats its condition in the update, so two
 * processes never take the same rental and a concurrent change of a row is never overwritten.
 * The health check's result on the proxy itself is inventory's to write (inventory-service).
 */

type RentalUpdate = Partial<typeof rentals.$inferInsert>;

/** Up to `limit` rentals matching `due`, oldest first, locked (see lockedIds). */
const dueIds = (tx: Queryable, due: SQL | undefined, limit: number) =>
  lockedIds(tx, rentals.id, due, asc(rentals.id), limit);

/** Moves up to `limit` due rentals to a new state; answers how many moved. */
async function advanceDue(tx: Queryable, due: SQL | undefined, set: RentalUpdate, limit: number): Promise<number> {
  const rows = await tx
    .update(rentals)
    .set(set)
    .where(and(inArray(rentals.id, dueIds(tx, due, limit)), due))
    .returning({ id: rentals.id });
  return rows.length;
}

/** connected -> ready for rentals whose end_time has come by `now`. */
export async function endConnected(tx: Queryable, now: Date, limit: number): Promise<number> {
  const due = and(eq(rentals.status, RENTAL_STATUS.connected), lte(rentals.endTime, now));
  return advanceDue(tx, due, { status: RENTAL_STATUS.ready }, limit);
}

/** ready -> expired (ended at `now`) for rentals whose end_time is at or before `graceOver`. */
export async function expireEnded(tx: Queryable, graceOver: Date, now: Date, limit: number): Promise<number> {
  const due = and(eq(rentals.status, RENTAL_STATUS.ready), lte(rentals.endTime, graceOver));
  return advanceDue(tx, due, { status: RENTAL_STATUS.expired, endedAt: now }, limit);
}

/** Claims up to `limit` waiting_up rentals nobody holds a check lease on, until `leaseUntil`. */
export async function claimWaiting(db: Queryable, now: Date, leaseUntil: Date, limit: number) {
  const waiting = and(
    eq(rentals.status, RENTAL_STATUS.waitingUp),
    or(isNull(rentals.checkLeaseUntil), lt(rentals.checkLeaseUntil, now)),
  );
  return db
    .update(rentals)
    .set({ checkLeaseUntil: leaseUntil })
    .where(and(inArray(rentals.id, dueIds(db, waiting, limit)), waiting))
    .returning({
      id: rentals.id,
      userId: rentals.userId,
      username: rentals.username,
      hours: rentals.hours,
      createdAt: rentals.createdAt,
      proxyId: rentals.proxyId,
    });
}

/** waiting_up -> connected at `at`, ending at `endTime`; false when the rental is no longer waiting_up. */
export async function connectWaiting(db: Queryable, rentalId: number, at: Date, endTime: Date): Promise<boolean> {
  return updateWon(
    db,
    rentals,
    { status: RENTAL_STATUS.connected, connectedAt: at, endTime, checkLeaseUntil: null },
    and(eq(rentals.id, rentalId), eq(rentals.status, RENTAL_STATUS.waitingUp)),
  );
}

export async function releaseCheckLease(db: Queryable, rentalId: number): Promise<void> {
  await db.update(rentals).set({ checkLeaseUntil: null }).where(eq(rentals.id, rentalId));
}

/** Up to `limit` connected rentals with auto-renew ending by `dueBefore`, soonest first. */
export async function dueForRenewal(db: Queryable, dueBefore: Date, limit: number): Promise<{ id: number }[]> {
  return db
    .select({ id: rentals.id })
    .from(rentals)
    .where(
      and(eq(rentals.status, RENTAL_STATUS.connected), eq(rentals.autoRenew, true), lte(rentals.endTime, dueBefore)),
    )
    .orderBy(asc(rentals.endTime))
    .limit(limit);
}

/**
 * Claims up to `limit` connected rentals whose proxy was last checked before `staleBefore` (or
 * never) and that nobody holds a check lease on, until `leaseUntil`.
 */
export async function claimForHealthCheck(
  db: Queryable,
  now: Date,
  staleBefore: Date,
  leaseUntil: Date,
  limit: number,
): Promise<{ id: number; username: string; proxyId: number }[]> {
  const due = and(
    eq(rentals.status, RENTAL_STATUS.connected),
    or(isNull(rentals.checkLeaseUntil), lt(rentals.checkLeaseUntil, now)),
    or(isNull(proxies.lastCheckedAt), lt(proxies.lastCheckedAt, staleBefore)),
  );
  const claim = db
    .select({ id: rentals.id })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(due)
    .orderBy(asc(rentals.id))
    .limit(limit)
    .for('update', { of: rentals, skipLocked: true });
  return db
    .update(rentals)
    .set({ checkLeaseUntil: leaseUntil })
    .where(and(inArray(rentals.id, claim), eq(rentals.status, RENTAL_STATUS.connected)))
    .returning({ id: rentals.id, username: rentals.username, proxyId: rentals.proxyId });
}

/** A check's result on the rental: its lease ends, and a failure keeps the first time it was unavailable. */
export async function recordRentalCheck(db: Queryable, rentalId: number, ok: boolean, at: Date): Promise<void> {
  await db
    .update(rentals)
    .set(
      ok
        ? { checkLeaseUntil: null }
        : { checkLeaseUntil: null, unavailableAt: sql`coalesce(${rentals.unavailableAt}, ${at})` },
    )
    .where(eq(rentals.id, rentalId));
}
