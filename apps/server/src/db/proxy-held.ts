import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '@portal/contract';
import { proxies } from './tables/inventory';
import { rentals } from './tables/rentals';

/** A rental in one of the statuses that hold its proxy (HOLDING_STATUSES). */
export const rentalHolds = inArray(rentals.status, [...HOLDING_STATUSES]);

/**
 * Whether a rental holds the proxy of the row. Repositories of five areas (inventory, catalogue,
 * replacements, metrics, the console's overview) ask it in their own queries, so it lives here
 * rather than in one of them. The names are written out: in a select from one table drizzle drops
 * the table from interpolated columns, and a bare "id" would then be the rental's own id inside the
 * subquery.
 */
export const proxyIsHeld = sql<boolean>`exists (select 1 from "rentals" where "rentals"."proxy_id" = "proxies"."id" and ${rentalHolds})`;

/**
 * What customers may rent now: enabled, listed by discovery, and held by no rental. The catalogue
 * lists exactly these; a replacement picks its candidate among them.
 */
export const proxyForSale = and(eq(proxies.enabled, true), eq(proxies.discovery, 'listed'), not(proxyIsHeld));
