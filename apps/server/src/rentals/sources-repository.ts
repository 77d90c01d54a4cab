import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { proxies } from '../db/tables/inventory';
import { rentals, rentalSources } from '../db/tables/rentals';
import { rentalHolds } from '../db/proxy-held';
import { RENTAL_SOURCES_CHANNEL, type SourceRow } from './sources-types';

const columns = { source: rentalSources.source, firstSeen: rentalSources.firstSeen, lastSeen: rentalSources.lastSeen };

/**
 * Serialises every change of one rental's list: the gateway's admission and the customer's
 * clearing. NO KEY UPDATE, so traffic rows (whose foreign key takes KEY SHARE) are not held up.
 */
async function lockRental(tx: Queryable, rentalId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM ${rentals} WHERE ${rentals.id} = ${rentalId} FOR NO KEY UPDATE`);
}

/** The addresses that used the rental since `since` (those the rule counts now), oldest first. */
export function liveSources(db: Queryable, rentalId: number, since: Date): Promise<SourceRow[]> {
  return db
    .select(columns)
    .from(rentalSources)
    .where(and(eq(rentalSources.rentalId, rentalId), gt(rentalSources.lastSeen, since)))
    .orderBy(rentalSources.firstSeen);
}

/**
 * A connection from `source`: admitted when the address is already on the rental's list in the
 * window or the list has room (`limit` 0: always), and then recorded as used `now`. Settled under
 * the rental's lock, so two gateway processes cannot both admit the address one past the limit.
 * Answers the list as it is afterwards, for the caller's cache.
 */
export async function settleSource(
  db: Database,
  rentalId: number,
  source: string,
  limit: number,
  now: Date,
  windowMs: number,
): Promise<{ admitted: boolean; live: SourceRow[] }> {
  return db.transaction(async (tx) => {
    await lockRental(tx, rentalId);
    const since = new Date(now.getTime() - windowMs);
    // Rows out of the window count for nothing: dropped here, so the table holds live rows only.
    await tx.delete(rentalSources).where(and(eq(rentalSources.rentalId, rentalId), lte(rentalSources.lastSeen, since)));
    const live = await liveSources(tx, rentalId, since);
    const mine = live.find((row) => row.source === source);
    if (!mine && limit > 0 && live.length >= limit) return { admitted: false, live };
    await tx
      .insert(rentalSources)
      .values({ rentalId, source, firstSeen: now, lastSeen: now })
      .onConflictDoUpdate({ target: [rentalSources.rentalId, rentalSources.source], set: { lastSeen: now } });
    const others = live.filter((row) => row.source !== source);
    return { admitted: true, live: [...others, { source, firstSeen: mine?.firstSeen ?? now, lastSeen: now }] };
  });
}

/** A known address used again: its window starts over. Nothing happens if the list was cleared meanwhile. */
export async function touchSource(db: Queryable, rentalId: number, source: string, at: Date): Promise<void> {
  await db
    .update(rentalSources)
    .set({ lastSeen: at })
    .where(
      and(eq(rentalSources.rentalId, rentalId), eq(rentalSources.source, source), lte(rentalSources.lastSeen, at)),
    );
}

/** Empties the rental's list and tells the gateways, which cut the connections of the addresses removed. */
export async function clearSources(tx: Queryable, rentalId: number, at: Date): Promise<number> {
  await lockRental(tx, rentalId);
  await tx.update(rentals).set({ sourcesClearedAt: at }).where(eq(rentals.id, rentalId));
  const removed = await tx
    .delete(rentalSources)
    .where(eq(rentalSources.rentalId, rentalId))
    .returning({ source: rentalSources.source });
  await tx.execute(sql`SELECT pg_notify(${RENTAL_SOURCES_CHANNEL}, ${String(rentalId)})`);
  return removed.length;
}

/**
 * What a gateway node settled for its rentals: each address kept with its earliest first and
 * latest last sighting. The node alone settles the rule for its proxies; this is the list its
 * renters see and clear. In a fixed order, so two batches lock rows alike.
 */
export async function recordNodeSources(
  tx: Queryable,
  rows: { rentalId: number; source: string; firstSeen: Date; lastSeen: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  // A sighting from before the renter's clear (a batch delivered late) must not bring the address back.
  const cleared = await tx
    .select({ id: rentals.id, at: rentals.sourcesClearedAt })
    .from(rentals)
    .where(inArray(rentals.id, [...new Set(rows.map((row) => row.rentalId))]));
  const clearedAt = new Map(cleared.map((row) => [row.id, row.at?.getTime() ?? -Infinity]));
  const ordered = rows
    .filter((row) => row.lastSeen.getTime() > (clearedAt.get(row.rentalId) ?? -Infinity))
    .sort((a, b) => a.rentalId - b.rentalId || a.source.localeCompare(b.source));
  for (const row of ordered) {
    await tx
      .insert(rentalSources)
      .values(row)
      .onConflictDoUpdate({
        target: [rentalSources.rentalId, rentalSources.source],
        set: {
          firstSeen: sql`least(${rentalSources.firstSeen}, excluded.first_seen)`,
          lastSeen: sql`greatest(${rentalSources.lastSeen}, excluded.last_seen)`,
        },
      });
  }
}

/** The addresses the held rentals of a node's proxies were used from since `since`, oldest first. */
export function liveSourcesOfNode(db: Queryable, nodeId: number, since: Date) {
  return db
    .select({ rentalId: rentalSources.rentalId, ...columns })
    .from(rentalSources)
    .innerJoin(rentals, eq(rentals.id, rentalSources.rentalId))
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(and(eq(proxies.nodeId, nodeId), rentalHolds, gt(rentalSources.lastSeen, since)))
    .orderBy(rentalSources.rentalId, rentalSources.firstSeen);
}

/** How many addresses each rental was used from since `since` (absent: none). */
export async function liveSourceCounts(db: Queryable, rentalIds: number[], since: Date): Promise<Map<number, number>> {
  if (rentalIds.length === 0) return new Map();
  const rows = await db
    .select({ rentalId: rentalSources.rentalId, count: count() })
    .from(rentalSources)
    .where(and(inArray(rentalSources.rentalId, rentalIds), gt(rentalSources.lastSeen, since)))
    .groupBy(rentalSources.rentalId);
  return new Map(rows.map((row) => [row.rentalId, row.count]));
}
