import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { lockedIds } from '../db/locked-ids';
import { proxies } from '../db/tables/inventory';
import { proxyIsHeld } from '../db/proxy-held';
import type { ProxyRow } from './inventory-repository';

/**
 * The inventory's queries for discovery: what discovery finds about an upstream is written on the
 * proxy's row (location, score, health), and its claims on rows are leases in the same table. The
 * proxies table is the inventory's, so these queries are here and discovery asks for them through
 * the inventory's service.
 */
/** Columns to set; a failure streak keeps its start (SQL), so it is not a plain value. */
export type ProxyUpdate = Partial<Omit<typeof proxies.$inferInsert, 'failingSince'>> & {
  failingSince?: Date | null | SQL;
};

/** The start of the proxy's failure streak: the one recorded, or `at` when this failure begins one. */
export const failingSinceOr = (at: Date): SQL => sql`coalesce(${proxies.failingSince}, ${at})`;

/** Writes an inspection's outcome on the proxy and ends this process's claim on it. */
export async function saveInspection(tx: Queryable, id: number, update: ProxyUpdate): Promise<void> {
  await tx
    .update(proxies)
    .set({ ...update, discoveryLeaseUntil: null })
    .where(eq(proxies.id, id));
}

export interface DueClaim {
  now: Date;
  /** Checked before this: a re-check is due. */
  stale: Date;
  /** Exit looked up before this: a listed proxy's exit look-up is due. */
  exitStale: Date;
  leaseUntil: Date;
  limit: number;
}

/**
 * Claims up to `limit` proxies due a look for this process (FOR UPDATE SKIP LOCKED, then a lease
 * until `leaseUntil`): new ones (`checking`), and enabled free ones whose re-check or exit
 * look-up is due. Rows under another process's lease are left alone.
 */
export async function claimDueProxies(db: Queryable, claim: DueClaim): Promise<ProxyRow[]> {
  const due = or(
    eq(proxies.discovery, 'checking'),
    and(
      eq(proxies.enabled, true),
      sql`not ${proxyIsHeld}`,
      or(
        isNull(proxies.lastCheckedAt),
        lt(proxies.lastCheckedAt, claim.stale),
        and(
          eq(proxies.discovery, 'listed'),
          or(isNull(proxies.exitCheckedAt), lt(proxies.exitCheckedAt, claim.exitStale)),
        ),
      ),
    ),
  );
  const free = or(isNull(proxies.discoveryLeaseUntil), lt(proxies.discoveryLeaseUntil, claim.now));
  const picked = lockedIds(db, proxies.id, and(due, free), proxies.id, claim.limit);
  return db
    .update(proxies)
    .set({ discoveryLeaseUntil: claim.leaseUntil })
    .where(and(inArray(proxies.id, picked), free))
    .returning();
}

/** The given proxies, or every one, in id order. */
export async function findProxies(db: Queryable, ids?: number[]): Promise<ProxyRow[]> {
  return db
    .select()
    .from(proxies)
    .where(ids ? inArray(proxies.id, ids) : undefined)
    .orderBy(proxies.id);
}

/** Of the given proxies (every one without ids), those a rental holds now: their state is `rented`. */
export async function findHeldProxyIds(db: Queryable, ids?: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: proxies.id })
    .from(proxies)
    .where(ids ? and(inArray(proxies.id, ids), proxyIsHeld) : proxyIsHeld);
  return new Set(rows.map((row) => row.id));
}
