import type { InventoryState } from '@portal/contract';
import { inArray, sql } from 'drizzle-orm';
import { HOLDING_STATUSES, rentals } from '../db/schema';

/**
 * What an unscored proxy (no IPQS key, or the month's budget used up) carries as its fraud
 * score: 0, the full price (no discount without evidence), in the browser and on the server alike.
 */
export const UNSCORED_FRAUD_SCORE = 0;

/**
 * Whether a rental holds the proxy of the row. The names are written out: in a select from one
 * table drizzle drops the table from interpolated columns, and a bare "id" would then be the
 * rental's own id inside the subquery.
 */
export const proxyIsHeld = sql<boolean>`exists (select 1 from "rentals" where "rentals"."proxy_id" = "proxies"."id" and ${inArray(rentals.status, [...HOLDING_STATUSES])})`;

/** One state per proxy for the operator: the operator's switch first, then a rental, then discovery. */
export function inventoryState(enabled: boolean, rented: boolean, discovery: string): InventoryState {
  if (!enabled) return 'disabled';
  if (rented) return 'rented';
  if (discovery === 'checking' || discovery === 'failed' || discovery === 'unhealthy') return discovery;
  return 'free';
}
