import {
  DAY_MS,
  DEFAULT_AUTO_REPLACEMENTS_PER_RENTAL_DAY,
  DISABLE_REPLACE_REASON,
  RENTAL_STATUS,
  REPLACEMENTS_LIST_LIMIT,
} from '@portal/contract';
import { and, asc, desc, eq, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { proxies } from '../db/tables/inventory';
import { rentals } from '../db/tables/rentals';
import { proxyReplacements } from '../db/tables/replacements';
import { proxyForSale } from '../db/proxy-held';
import { carryingTrafficSql } from '../db/carrying-traffic';
import type { ProxyRow, RentalRow } from '../rentals/rentals-service';

/**
 * The window of the daily replacement limits: the day up to `at`, a move exactly a day old no
 * longer counting. `createdAt` is the column as the query names it (a subquery's alias, too).
 */
function withinDayBefore(createdAt: SQLWrapper, at: SQLWrapper | Date) {
  return sql`${createdAt} <= (${at})::timestamptz and ${createdAt} > (${at})::timestamptz - ${DAY_MS} * interval '1 millisecond'`;
}

/**
 * The rental's replacements of one kind (by the customer, or automatic) in the day before
 * `now`. The operator's "disable and replace" moves are stored as automatic but are neither.
 */
export async function replacementsToday(
  db: Queryable,
  rentalId: number,
  now: Date,
  automatic = false,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(proxyReplacements)
    .where(
      and(
        eq(proxyReplacements.rentalId, rentalId),
        eq(proxyReplacements.automatic, automatic),
        sql`${proxyReplacements.reason} is distinct from ${DISABLE_REPLACE_REASON}`,
        withinDayBefore(proxyReplacements.createdAt, now),
      ),
    );
  return row?.count ?? 0;
}

/** The automatic replacements of the rental in the outer query in the day before `at`. */
export function autoReplacementsBefore(rentalId: SQLWrapper, at: SQLWrapper | Date) {
  return sql`(select count(*) from ${proxyReplacements} ar where ar.rental_id = ${rentalId} and ar.automatic
    and ar.reason is distinct from ${DISABLE_REPLACE_REASON} and ${withinDayBefore(sql.raw('ar.created_at'), at)})`;
}

/**
 * Every replacement for the operator's console, newest first, with both proxies' addresses; an
 * automatic one that used the rental's last automatic replacement of its day says so.
 */
export async function listReplacements(
  db: Queryable,
  autoPerDay = DEFAULT_AUTO_REPLACEMENTS_PER_RENTAL_DAY,
  limit = REPLACEMENTS_LIST_LIMIT,
) {
  const oldProxy = alias(proxies, 'old_proxy');
  const newProxy = alias(proxies, 'new_proxy');
  const rows = await db
    .select({
      replacement: proxyReplacements,
      oldIp: sql<string>`coalesce(${oldProxy.exitIp}, ${oldProxy.ip})`,
      newIp: sql<string>`coalesce(${newProxy.exitIp}, ${newProxy.ip})`,
      country: newProxy.country,
      capReached: sql<boolean>`${proxyReplacements.automatic} and ${autoReplacementsBefore(
        proxyReplacements.rentalId,
        proxyReplacements.createdAt,
      )} >= ${autoPerDay}`,
    })
    .from(proxyReplacements)
    .innerJoin(oldProxy, eq(oldProxy.id, proxyReplacements.oldProxyId))
    .innerJoin(newProxy, eq(newProxy.id, proxyReplacements.newProxyId))
    .orderBy(desc(proxyReplacements.id))
    .limit(limit);
  return rows.map(({ replacement: r, oldIp, newIp, country, capReached }) => ({
    id: r.id,
    user_id: r.userId,
    rental_id: r.rentalId,
    old_proxy_id: r.oldProxyId,
    new_proxy_id: r.newProxyId,
    old_ip: oldIp,
    new_ip: newIp,
    country,
    reason: r.reason,
    automatic: r.automatic,
    auto_cap_reached: capReached,
    at: r.createdAt.toISOString(),
  }));
}

/**
 * The healthy free proxy a rental of `old` would move to: same country, and of those the same
 * type, then the same protocol (the customer's proxy string names the gateway port of its
 * protocol), region and city, then the lowest fraud score. `lock` takes it in the caller's
 * transaction, skipping one another replacement or purchase holds.
 */
export async function pickCandidate(db: Queryable, old: ProxyRow, lock: boolean): Promise<ProxyRow | undefined> {
  const query = db
    .select()
    .from(proxies)
    .where(
      and(proxyForSale, sql`${proxies.failingSince} IS NULL`, eq(proxies.country, old.country), ne(proxies.id, old.id)),
    )
    .orderBy(
      desc(sql`${proxies.type} = ${old.type}`),
      desc(sql`${proxies.protocol} = ${old.protocol}`),
      desc(sql`${proxies.region} = ${old.region}`),
      desc(sql`${proxies.city} = ${old.city}`),
      asc(proxies.fraudScore),
      asc(proxies.id),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: proxies, skipLocked: true }) : await query;
  return row;
}

/** Records a move of the rental from `old` to `freshId`; answers the replacement's id. */
export async function insertReplacement(
  tx: Queryable,
  rental: RentalRow,
  old: ProxyRow,
  freshId: number,
  move: { reason: string | null; automatic: boolean; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(proxyReplacements)
    .values({
      userId: rental.userId,
      rentalId: rental.id,
      oldProxyId: old.id,
      newProxyId: freshId,
      reason: move.reason,
      automatic: move.automatic,
      createdAt: move.at,
    })
    .returning({ id: proxyReplacements.id });
  return row!.id;
}

/**
 * Connected rentals whose proxy has failed every check since `failingBefore`, that carry no
 * traffic and have automatic replacements left for the day: at most 100 a round, oldest first.
 */
export function dueForAutoReplacement(db: Queryable, now: Date, failingBefore: Date, autoPerDay: number) {
  return db
    .select({ id: rentals.id })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(
      and(
        eq(rentals.status, RENTAL_STATUS.connected),
        sql`${proxies.failingSince} <= ${failingBefore}`,
        sql`not ${carryingTrafficSql(now)}`,
        sql`${autoReplacementsBefore(rentals.id, now)} < ${autoPerDay}`,
      ),
    )
    .orderBy(asc(rentals.id))
    .limit(100);
}
