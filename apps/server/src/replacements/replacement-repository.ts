import { DISABLE_REPLACE_REASON } from '@portal/contract';
import { and, desc, eq, gte, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { proxies, proxyReplacements } from '../db/schema';

/** AUTO_REPLACEMENTS_PER_RENTAL_DAY when the variable is unset. */
export const DEFAULT_AUTO_REPLACEMENTS_PER_DAY = 3;

const DAY_MS = 24 * 3_600_000;

/**
 * The rental's replacements of one kind (by the customer, or automatic) in the 24 hours before
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
        gte(proxyReplacements.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row?.count ?? 0;
}

/** The automatic replacements of the rental in the outer query in the 24 hours before `at`. */
export function autoReplacementsBefore(rentalId: SQLWrapper, at: SQLWrapper | Date) {
  return sql`(select count(*) from ${proxyReplacements} ar where ar.rental_id = ${rentalId} and ar.automatic
    and ar.reason is distinct from ${DISABLE_REPLACE_REASON} and ar.created_at <= (${at})::timestamptz and ar.created_at > (${at})::timestamptz - interval '24 hours')`;
}

/**
 * Every replacement for the operator's console, newest first, with both proxies' addresses; an
 * automatic one that used the rental's last automatic replacement of its day says so.
 */
export async function listReplacements(db: Queryable, autoPerDay = DEFAULT_AUTO_REPLACEMENTS_PER_DAY, limit = 500) {
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
