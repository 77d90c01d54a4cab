import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { firstRow, updateWon } from '../db/first-row';
import { ipqsCache, ipqsUsage } from '../db/tables/discovery';

/** IPQS's queries: the monthly budget of look-ups and the answers kept per IP. */

export type IpqsCacheRow = typeof ipqsCache.$inferSelect;

/** Spends one look-up of the month's budget, or answers false when `limit` are spent already. */
export async function spendIpqsLookup(db: Queryable, month: string, limit: number): Promise<boolean> {
  await db.insert(ipqsUsage).values({ month, used: 0 }).onConflictDoNothing();
  return updateWon(
    db,
    ipqsUsage,
    { used: sql`${ipqsUsage.used} + 1` },
    and(eq(ipqsUsage.month, month), lt(ipqsUsage.used, limit)),
  );
}

/** Look-ups spent in `month` (0 before the first). */
export async function ipqsUsedIn(db: Queryable, month: string): Promise<number> {
  const [row] = await db.select().from(ipqsUsage).where(eq(ipqsUsage.month, month));
  return row?.used ?? 0;
}

/** The IP's kept answer when it was fetched after `since`. */
export async function findIpqsAnswer(db: Queryable, ip: string, since: Date): Promise<IpqsCacheRow | undefined> {
  return firstRow(db, ipqsCache, and(eq(ipqsCache.ip, ip), gt(ipqsCache.fetchedAt, since)));
}

/** Keeps the IP's answer, replacing an older one. */
export async function storeIpqsAnswer(
  db: Queryable,
  ip: string,
  answer: { fraudScore: number; type: string | null },
  at: Date,
): Promise<void> {
  await db
    .insert(ipqsCache)
    .values({ ip, fraudScore: answer.fraudScore, type: answer.type, fetchedAt: at })
    .onConflictDoUpdate({
      target: ipqsCache.ip,
      set: { fraudScore: answer.fraudScore, type: answer.type, fetchedAt: at },
    });
}
