import { sql, type SQL } from 'drizzle-orm';
import { proxies } from './tables/inventory';
import { rentalActivity, rentals } from './tables/rentals';

/**
 * How long a rental counts as carrying traffic after a gateway last saw it hold an open tunnel,
 * wait on a dial that reached its upstream proxy, or receive bytes. Gateways renew what they see
 * every few seconds, so an open tunnel keeps it fresh; after the last one closes the rental stays
 * "carrying" this long.
 */
export const ACTIVITY_WINDOW_MS = 60_000;

/**
 * An upstream as one login on one server: the upstream without its scheme (`socks5h://` and
 * `socks5://` are the same upstream), credentials and address kept. Proxies imported with one
 * login and different listed exits share that login's capacity, so load through one of them can
 * fail another's check. Other logins on the same server are not counted: a seller's gateway port
 * serves hundreds of logins, and one customer's open tunnel must not hide that another login died.
 */
function upstreamLogin(column: SQL): SQL {
  return sql`regexp_replace(${column}, '^[a-z0-9+.-]+://', '', 'i')`;
}

/**
 * For a query over rentals: true when the rental's proxy carried traffic after `since`, its own
 * or any rental's through the same upstream login (and gateway node). A check that fails while that
 * upstream is busy says nothing of it: the load may be the renter's own through another rental,
 * and accounts cost nothing, so "another customer's" rental may be the renter's too. Not for a
 * proxy the operator disabled: the gateway refuses its rentals whatever the upstream carries.
 */
export function carryingSince(since: Date): SQL {
  // Two look-ups rather than one with an OR, so that each can use an index: the rental's own row
  // by its key, and the neighbours from the few rows seen since `since`.
  return sql`(exists (select 1 from ${rentalActivity} own
      where own.rental_id = ${rentals.id} and own.seen_at > ${since})
    or exists (select 1 from ${rentalActivity} ra
      join ${rentals} busy on busy.id = ra.rental_id
      join ${proxies} busy_proxy on busy_proxy.id = busy.proxy_id
      join ${proxies} own_proxy on own_proxy.id = ${rentals.proxyId}
      where ra.seen_at > ${since}
        and own_proxy.enabled
        and ${upstreamLogin(sql`busy_proxy.upstream`)} = ${upstreamLogin(sql`own_proxy.upstream`)}
        and busy_proxy.node_id is not distinct from own_proxy.node_id))`;
}

/**
 * For a query over rentals: true when the rental carried traffic within the window before `now`.
 * Rentals ask it of one rental; the automatic replacement asks it in its own claim, so that a
 * customer's own load never counts as a dead proxy there either: it lives here, beside the
 * other pieces several areas' queries share.
 */
export function carryingTrafficSql(now: Date): SQL {
  return carryingSince(new Date(now.getTime() - ACTIVITY_WINDOW_MS));
}
