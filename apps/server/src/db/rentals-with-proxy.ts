import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';
import { proxies } from './tables/inventory';
import { rentals } from './tables/rentals';

/**
 * The columns of a gateway's `Access` (gateway/credential-store.ts), from `rentals` joined with its
 * proxy. Two readers need exactly these: the shop's gateways reading the database, and the API
 * building a node's stream; one list keeps what a node and a local gateway enforce the same.
 */
export const ACCESS_COLUMNS = {
  rentalId: rentals.id,
  username: rentals.username,
  password: rentals.password,
  status: rentals.status,
  endTime: rentals.endTime,
  upstream: proxies.upstream,
  proxyEnabled: proxies.enabled,
  maxConnections: proxies.maxConnections,
  maxSourceIps: proxies.maxSourceIps,
};

/**
 * A select of `columns` from `rentals` joined with each rental's proxy: the gateway's access and
 * own-port reads and the node stream's rental states all start here, and join more as they need.
 */
export function selectFromRentalsWithProxy<TColumns extends SelectedFields>(db: Queryable, columns: TColumns) {
  return db.select(columns).from(rentals).innerJoin(proxies, eq(proxies.id, rentals.proxyId));
}
