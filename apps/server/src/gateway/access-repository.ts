import { and, eq, isNull } from 'drizzle-orm';
import { ACCESS_COLUMNS, selectFromRentalsWithProxy } from '../db/rentals-with-proxy';
import { rentalHolds } from '../db/proxy-held';
import type { Queryable } from '../db/client';
import { proxies } from '../db/tables/inventory';
import { rentalIpAuth, rentals } from '../db/tables/rentals';

/**
 * What the shop's own gateways read from the database: rentals' access and own-port allocations.
 * A proxy assigned to a node is served by that node alone, so these reads carry its `nodeId` (or
 * leave it out) and the shop's gateways never open its rentals: a customer could otherwise
 * bypass what the node enforces.
 */

function accessQuery(db: Queryable) {
  return selectFromRentalsWithProxy(db, { ...ACCESS_COLUMNS, nodeId: proxies.nodeId });
}

const ownProxy = isNull(proxies.nodeId);

/** Every rental that holds a proxy of the shop's own. */
export function heldAccessOfOwnProxies(db: Queryable) {
  return accessQuery(db).where(and(rentalHolds, ownProxy));
}

/** One rental's access by its username, whatever its status. */
export async function accessByUsername(db: Queryable, username: string) {
  const [row] = await accessQuery(db).where(eq(rentals.username, username));
  return row;
}

/** The rentals that hold this proxy. */
export function heldAccessOfProxy(db: Queryable, proxyId: number) {
  return accessQuery(db).where(and(eq(rentals.proxyId, proxyId), rentalHolds));
}

function allocationQuery(db: Queryable) {
  return selectFromRentalsWithProxy(db, {
    port: rentalIpAuth.port,
    rentalId: rentalIpAuth.rentalId,
    ips: rentalIpAuth.ips,
    username: rentals.username,
  }).innerJoin(rentalIpAuth, eq(rentalIpAuth.rentalId, rentals.id));
}

/** Own ports of rentals on the shop's own proxies (a node listens on its rentals' ports itself). */
export function ownPortAllocations(db: Queryable) {
  return allocationQuery(db).where(ownProxy);
}

/** The allocation of one own port, if a rental on the shop's own proxies holds it. */
export async function ownPortAllocation(db: Queryable, port: number) {
  const [row] = await allocationQuery(db).where(and(eq(rentalIpAuth.port, port), ownProxy));
  return row;
}
