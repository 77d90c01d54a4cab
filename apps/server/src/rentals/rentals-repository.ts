import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rentalHolds } from '../db/proxy-held';
import { firstRow, lockedRow } from '../db/first-row';
import { proxies } from '../db/tables/inventory';
import { nodes } from '../db/tables/nodes';
import { rentalIpAuth, rentalOrders, rentals } from '../db/tables/rentals';
import { nodeAddressColumns, type NodeAddress } from '../nodes/node-address';
import { HISTORY_PROXY_CHANGED } from './history-cache';

export type ProxyRow = typeof proxies.$inferSelect;
export type RentalRow = typeof rentals.$inferSelect;
export type OrderRow = typeof rentalOrders.$inferSelect;
type RentalChange = Partial<Omit<RentalRow, 'id' | 'userId' | 'proxyId'>>;

/** The rental that holds the proxy now, if any (at most one, by a partial unique index). */
export async function lockHoldingRental(tx: Queryable, proxyId: number): Promise<RentalRow | undefined> {
  return lockedRow(tx, rentals, and(eq(rentals.proxyId, proxyId), rentalHolds));
}

/** The customer's latest rental of a proxy: calls by proxy id act on it. */
export async function lockLatestRental(tx: Queryable, userId: number, proxyId: number): Promise<RentalRow | undefined> {
  const [row] = await tx
    .select()
    .from(rentals)
    .where(and(eq(rentals.userId, userId), eq(rentals.proxyId, proxyId)))
    .orderBy(desc(rentals.id))
    .limit(1)
    .for('no key update');
  return row;
}

export async function findLatestRental(
  db: Queryable,
  userId: number,
  proxyId: number,
): Promise<{ rental: RentalRow; proxy: ProxyRow; node: NodeAddress | null } | undefined> {
  const [row] = await db
    .select({ rental: rentals, proxy: proxies, node: nodeAddressColumns })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(and(eq(rentals.userId, userId), eq(rentals.proxyId, proxyId)))
    .orderBy(desc(rentals.id))
    .limit(1);
  return row;
}

export async function lockRental(tx: Queryable, rentalId: number): Promise<RentalRow | undefined> {
  return lockedRow(tx, rentals, eq(rentals.id, rentalId));
}

/** The rental as it is now, without a lock. */
export async function findRental(db: Queryable, rentalId: number): Promise<RentalRow | undefined> {
  return firstRow(db, rentals, eq(rentals.id, rentalId));
}

/** The rentals that hold the proxy now (at most one, by a partial unique index), locked if asked. */
export async function holdingRentalsOf(db: Queryable, proxyId: number, lock: boolean): Promise<RentalRow[]> {
  const query = db
    .select()
    .from(rentals)
    .where(and(eq(rentals.proxyId, proxyId), rentalHolds));
  return lock ? query.for('no key update') : query;
}

/** Records the rental's proxy as unavailable from `at`, unless an earlier time is recorded already. */
export async function markRentalUnavailable(tx: Queryable, rentalId: number, at: Date): Promise<void> {
  await tx
    .update(rentals)
    .set({ unavailableAt: sql`coalesce(${rentals.unavailableAt}, ${at})` })
    .where(eq(rentals.id, rentalId));
}

/** Moves the rental to another proxy; its check lease ends, so the new proxy is checked afresh. */
export async function moveRentalToProxy(tx: Queryable, rentalId: number, proxyId: number): Promise<void> {
  await tx.update(rentals).set({ proxyId, checkLeaseUntil: null }).where(eq(rentals.id, rentalId));
}

/** The customer's newest `limit` rentals with their proxy's address and country (the console's detail). */
export async function rentalsWithAddressOf(db: Queryable, userId: number, limit: number) {
  return db
    .select({ rental: rentals, ip: proxies.ip, port: proxies.port, country: proxies.country })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(eq(rentals.userId, userId))
    .orderBy(desc(rentals.id))
    .limit(limit);
}

/** Answers the rental as changed, or undefined when there is no such rental. */
export async function updateRental(
  db: Queryable,
  rentalId: number,
  change: RentalChange,
): Promise<RentalRow | undefined> {
  const [row] = await db.update(rentals).set(change).where(eq(rentals.id, rentalId)).returning();
  return row;
}

/**
 * Sets auto-renew on the customer's rentals that hold these proxies now; answers the ids changed,
 * which the caller compares with what it asked for.
 */
export async function setAutoRenewOfHeld(
  db: Queryable,
  userId: number,
  proxyIds: readonly number[],
  enabled: boolean,
): Promise<{ id: number }[]> {
  return db
    .update(rentals)
    .set({ autoRenew: enabled, renewFailure: null, renewFailureCode: null })
    .where(and(eq(rentals.userId, userId), inArray(rentals.proxyId, [...proxyIds]), rentalHolds))
    .returning({ id: rentals.id });
}

/** A new password on the customer's rental that holds the proxy now; undefined when none does. */
export async function setPasswordOfHeld(
  db: Queryable,
  userId: number,
  proxyId: number,
  password: string,
): Promise<{ username: string } | undefined> {
  const [row] = await db
    .update(rentals)
    .set({ password })
    .where(and(eq(rentals.userId, userId), eq(rentals.proxyId, proxyId), rentalHolds))
    .returning({ username: rentals.username });
  return row;
}

/**
 * The node serving the rental's proxy (null for the shop's own gateway), when a rental has this
 * id and username: the gateway loads the same row, so without it the gateway has no credentials.
 */
export async function credentialsNode(
  db: Queryable,
  rentalId: number,
  username: string,
): Promise<{ nodeId: number | null; nodeRevoked: boolean } | undefined> {
  const [row] = await db
    .select({
      id: rentals.id,
      nodeId: proxies.nodeId,
      nodeRevoked: sql<boolean>`${nodes.revokedAt} IS NOT NULL`.mapWith(Boolean),
    })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(and(eq(rentals.id, rentalId), eq(rentals.username, username)))
    .limit(1);
  return row;
}

export async function insertRental(tx: Queryable, values: typeof rentals.$inferInsert): Promise<RentalRow> {
  const [row] = await tx.insert(rentals).values(values).returning();
  if (!row) throw new Error('insert into rentals returned no row');
  return row;
}

export async function insertOrder(tx: Queryable, values: typeof rentalOrders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(rentalOrders).values(values).returning();
  if (!row) throw new Error('insert into rental_orders returned no row');
  return row;
}

export async function paidForRental(tx: Queryable, rentalId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${rentalOrders.amountCents}), 0)` })
    .from(rentalOrders)
    .where(eq(rentalOrders.rentalId, rentalId));
  return Number(row?.total ?? 0);
}

/**
 * Hours of each rental's latest order. The outer table is spelled out: drizzle drops the table from
 * interpolated columns in a correlated subquery, and a bare "id" would mean rental_orders' own.
 */
const renewHours = sql<number>`coalesce((SELECT ro.hours FROM rental_orders ro WHERE ro.rental_id = "rentals"."id" ORDER BY ro.id DESC LIMIT 1), 0)::int`;

/** The rental's latest replacement as JSON (null if none): the proxy it had before. */
const replacedFrom = sql<ReplacedFromRow | null>`(SELECT json_build_object('proxy_id', pr.old_proxy_id, 'ip', coalesce(op.exit_ip, op.ip), 'country', op.country, 'reason', pr.reason, 'automatic', pr.automatic, 'at', pr.created_at) FROM proxy_replacements pr JOIN proxies op ON op.id = pr.old_proxy_id WHERE pr.rental_id = "rentals"."id" ORDER BY pr.id DESC LIMIT 1)`;

export interface ReplacedFromRow {
  proxy_id: number;
  ip: string;
  country: string;
  reason: string | null;
  automatic: boolean;
  /** A timestamp as PostgreSQL writes it in JSON. */
  at: string;
}

/** What the history shows of a rental and its proxy (never the upstream's credentials). */
const historyColumns = {
  rental: {
    username: rentals.username,
    password: rentals.password,
    status: rentals.status,
    endTime: rentals.endTime,
    bytesUp: rentals.bytesUp,
    bytesDown: rentals.bytesDown,
    hours: rentals.hours,
    note: rentals.note,
    autoRenew: rentals.autoRenew,
    renewFailure: rentals.renewFailure,
    renewFailureCode: rentals.renewFailureCode,
    createdAt: rentals.createdAt,
    unavailableAt: rentals.unavailableAt,
    refundRequestedAt: rentals.refundRequestedAt,
  },
  proxy: {
    id: proxies.id,
    ip: proxies.ip,
    country: proxies.country,
    region: proxies.region,
    city: proxies.city,
    isp: proxies.isp,
    zip: proxies.zip,
    fraudScore: proxies.fraudScore,
    protocol: proxies.protocol,
    exitIp: proxies.exitIp,
    enabled: proxies.enabled,
    failingSince: proxies.failingSince,
    discovery: proxies.discovery,
  },
  replacedFrom,
  /** Hours of the rental's latest order: what auto-renew buys again. */
  renewHours: renewHours,
  /** IP authorization: null when the rental has none (left join). */
  ipAuth: { port: rentalIpAuth.port, ips: rentalIpAuth.ips },
  /** The node serving the proxy: null for the shop's own gateway (left join). */
  node: nodeAddressColumns,
};

function prepareHistory(db: Queryable) {
  return db
    .select(historyColumns)
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .leftJoin(rentalIpAuth, eq(rentalIpAuth.rentalId, rentals.id))
    .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(eq(rentals.userId, sql.placeholder('userId')))
    .orderBy(desc(rentals.createdAt), desc(rentals.id))
    .prepare('rentals_of_user');
}

export type HistoryRow = Awaited<ReturnType<ReturnType<typeof prepareHistory>['execute']>>[number];

/** The history is the busiest customer read: its SQL is built once per database, not per request. */
const preparedHistory = new WeakMap<Queryable, ReturnType<typeof prepareHistory>>();

export async function rentalsOfUser(db: Queryable, userId: number): Promise<HistoryRow[]> {
  let query = preparedHistory.get(db);
  if (!query) {
    query = prepareHistory(db);
    preparedHistory.set(db, query);
  }
  return query.execute({ userId });
}

export async function ordersOfUser(
  db: Queryable,
  userId: number,
): Promise<
  {
    order: OrderRow;
    rental: RentalRow;
    proxy: ProxyRow;
    ipAuth: { port: number; ips: string[] } | null;
    replacedFrom: ReplacedFromRow | null;
    node: NodeAddress | null;
    renewHours: number;
  }[]
> {
  return db
    .select({
      order: rentalOrders,
      rental: rentals,
      proxy: proxies,
      ipAuth: { port: rentalIpAuth.port, ips: rentalIpAuth.ips },
      replacedFrom,
      node: nodeAddressColumns,
      /** Hours of the rental's latest order, as in the history: what auto-renew buys again. */
      renewHours,
    })
    .from(rentalOrders)
    .innerJoin(rentals, eq(rentals.id, rentalOrders.rentalId))
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .leftJoin(rentalIpAuth, eq(rentalIpAuth.rentalId, rentals.id))
    .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(eq(rentals.userId, userId))
    .orderBy(desc(rentalOrders.createdAt), desc(rentalOrders.id));
}

/** Hours of the rental's latest purchase or extension: what an automatic renewal buys again. */
export async function lastPeriodHours(db: Queryable, rentalId: number): Promise<number> {
  const [row] = await db
    .select({ hours: rentalOrders.hours })
    .from(rentalOrders)
    .where(eq(rentalOrders.rentalId, rentalId))
    .orderBy(desc(rentalOrders.id))
    .limit(1);
  if (!row) throw new Error(`rental ${rentalId} has no order`);
  return row.hours;
}

/** Tells every process to read the customer's cached history of this proxy again. */
export async function notifyProxyHistory(db: Queryable, proxyId: number): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${HISTORY_PROXY_CHANGED}, ${String(proxyId)})`);
}
