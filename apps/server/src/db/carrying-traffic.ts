import { eq, gt, sql } from 'drizzle-orm';
import { rentalActivity, rentals } from './tables/rentals';

/**
 * How long a rental counts as carrying traffic after a gateway last saw it hold an open tunnel or
 * receive bytes. Gateways renew what they see every few seconds, so an open tunnel keeps it fresh;
 * after the last tunnel closes the rental stays "carrying" this long.
 */
export const ACTIVITY_WINDOW_MS = 60_000;

/**
 * For a query over rentals: true when the rental carried traffic within the window before `now`.
 * Rentals ask it of one rental; the automatic replacement asks it in its own claim, so that a
 * customer's own load never counts as a dead proxy there either: it lives here, beside the
 * other pieces several areas' queries share.
 */
export function carryingTrafficSql(now: Date) {
  const since = new Date(now.getTime() - ACTIVITY_WINDOW_MS);
  return sql`exists (select 1 from ${rentalActivity} where ${eq(rentalActivity.rentalId, rentals.id)} and ${gt(
    rentalActivity.seenAt,
    since,
  )})`;
}
