import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rentalActivity, rentals } from '../db/schema';

/**
 * How long a rental counts as carrying traffic after a gateway last saw it hold an open tunnel or
 * receive bytes. Gateways renew what they see every few seconds, so an open tunnel keeps it fresh;
 * after the last tunnel closes the rental stays "carrying" this long.
 */
export const ACTIVITY_WINDOW_MS = 60_000;

/**
 * Called by a gateway process at each usage flush with the rentals it saw active since the last
 * one: one statement for all of them, never one per packet. A later time never goes back (two
 * gateway processes may flush out of order).
 */
export async function recordActivity(db: Queryable, rentalIds: readonly number[], at: Date): Promise<void> {
  if (rentalIds.length === 0) return;
  // From rentals: a rental deleted meanwhile (only tests delete rentals) is skipped, not an error.
  await db
    .insert(rentalActivity)
    .select(
      db
        .select({ rentalId: rentals.id, seenAt: sql<Date>`${at.toISOString()}::timestamptz`.as('seen_at') })
        .from(rentals)
        .where(inArray(rentals.id, [...rentalIds])),
    )
    .onConflictDoUpdate({
      target: rentalActivity.rentalId,
      set: { seenAt: sql`greatest(${rentalActivity.seenAt}, excluded.seen_at)` },
    });
}

/** The rentals among `rentalIds` whose proxy carried their traffic within the window before `now`. */
export async function carryingTraffic(db: Queryable, rentalIds: readonly number[], now: Date): Promise<Set<number>> {
  if (rentalIds.length === 0) return new Set();
  const rows = await db
    .select({ rentalId: rentalActivity.rentalId })
    .from(rentalActivity)
    .where(
      and(
        inArray(rentalActivity.rentalId, [...rentalIds]),
        gt(rentalActivity.seenAt, new Date(now.getTime() - ACTIVITY_WINDOW_MS)),
      ),
    );
  return new Set(rows.map((row) => row.rentalId));
}

export async function isCarryingTraffic(db: Queryable, rentalId: number, now: Date): Promise<boolean> {
  return (await carryingTraffic(db, [rentalId], now)).has(rentalId);
}

/** For a query over rentals: true when the rental carried traffic within the window before `now`. */
export function carryingTrafficSql(now: Date) {
  return sql`exists (select 1 from ${rentalActivity} where ${eq(rentalActivity.rentalId, rentals.id)} and ${gt(
    rentalActivity.seenAt,
    new Date(now.getTime() - ACTIVITY_WINDOW_MS),
  )})`;
}

/**
 * After a live check failed: whether the rental carried traffic meanwhile. A gateway writes a
 * rental's first tunnel at once, from another process: the short wait lets that write land
 * before it is read, so a check the customer's own tunnels made fail is not taken as proof.
 */
export async function carriedTrafficDuringCheck(db: Queryable, rentalId: number, now: () => Date): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, CHECK_SETTLE_MS));
  return isCarryingTraffic(db, rentalId, now());
}

/** How long a failed live check waits for the gateways' word on the rental's tunnels. */
export const CHECK_SETTLE_MS = 300;
