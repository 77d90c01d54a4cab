import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { proxies } from '../db/schema';

/** The upstream of each claimed rental's proxy, read once for the whole batch. */
export async function upstreamsOf(db: Queryable, claimed: { proxyId: number }[]): Promise<Map<number, string>> {
  const ids = [...new Set(claimed.map((rental) => rental.proxyId))];
  const rows = await db
    .select({ id: proxies.id, upstream: proxies.upstream })
    .from(proxies)
    .where(inArray(proxies.id, ids));
  return new Map(rows.map((row) => [row.id, row.upstream]));
}
