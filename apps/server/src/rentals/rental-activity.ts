import type { Queryable } from '../db/client';
import { ACTIVITY_WINDOW_MS } from '../db/carrying-traffic';
import { seenActiveSince, upsertActivity } from './rental-traffic-repository';

/**
 * Called by a gateway process at each usage flush with the rentals it saw active since the last
 * one: one statement for all of them, never one per packet. A later time never goes back (two
 * gateway processes may flush out of order).
 */
export async function recordActivity(db: Queryable, rentalIds: readonly number[], at: Date): Promise<void> {
  if (rentalIds.length === 0) return;
  await upsertActivity(db, rentalIds, at);
}

/** The rentals among `rentalIds` whose proxy carried their traffic within the window before `now`. */
export async function carryingTraffic(db: Queryable, rentalIds: readonly number[], now: Date): Promise<Set<number>> {
  if (rentalIds.length === 0) return new Set();
  return new Set(await seenActiveSince(db, rentalIds, new Date(now.getTime() - ACTIVITY_WINDOW_MS)));
}

export async function isCarryingTraffic(db: Queryable, rentalId: number, now: Date): Promise<boolean> {
  return (await carryingTraffic(db, [rentalId], now)).has(rentalId);
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
