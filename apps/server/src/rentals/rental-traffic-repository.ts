import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { carryingSince } from '../db/carrying-traffic';
import type { Queryable } from '../db/client';
import { rentalActivity, rentals, rentalUsage } from '../db/tables/rentals';

/**
 * What the gateways report of a rental's traffic: when it was last seen active, and its bytes per
 * hour. How long "active" lasts is db/carrying-traffic.ts's; these queries take its `since`.
 */

export type UsageRow = typeof rentalUsage.$inferSelect;

/** Records the rentals seen active at `at`, in one statement; a later time never goes back. */
export async function upsertActivity(db: Queryable, rentalIds: readonly number[], at: Date): Promise<void> {
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

/**
 * The rentals among `rentalIds` whose proxy carried traffic after `since`: their own, or another
 * rental's through the same upstream login (db/carrying-traffic.ts).
 */
export async function seenActiveSince(db: Queryable, rentalIds: readonly number[], since: Date): Promise<number[]> {
  const rows = await db
    .select({ rentalId: rentals.id })
    .from(rentals)
    .where(and(inArray(rentals.id, [...rentalIds]), carryingSince(since)));
  return rows.map((row) => row.rentalId);
}

/** Adds bytes to the rental's totals. */
export async function addToRentalTotals(tx: Queryable, rentalId: number, up: number, down: number): Promise<void> {
  await tx
    .update(rentals)
    .set({ bytesUp: sql`${rentals.bytesUp} + ${up}`, bytesDown: sql`${rentals.bytesDown} + ${down}` })
    .where(eq(rentals.id, rentalId));
}

/** Adds bytes to the rental's row for the hour, made if it is the hour's first. */
export async function addToUsageHour(
  tx: Queryable,
  rentalId: number,
  hour: Date,
  up: number,
  down: number,
): Promise<void> {
  await tx
    .insert(rentalUsage)
    .values({ rentalId, hour, bytesUp: up, bytesDown: down })
    .onConflictDoUpdate({
      target: [rentalUsage.rentalId, rentalUsage.hour],
      set: {
        bytesUp: sql`${rentalUsage.bytesUp} + ${up}`,
        bytesDown: sql`${rentalUsage.bytesDown} + ${down}`,
      },
    });
}

/** The rental's hourly rows from `since` on, oldest first. */
export async function usageHoursSince(db: Queryable, rentalId: number, since: Date): Promise<UsageRow[]> {
  return db
    .select()
    .from(rentalUsage)
    .where(and(eq(rentalUsage.rentalId, rentalId), gte(rentalUsage.hour, since)))
    .orderBy(asc(rentalUsage.hour));
}
