import type { CatalogueProxy, ProxyProtocol, ProxyType } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { proxyForSale } from '../db/proxy-held';
import { firstRow } from '../db/first-row';
import { catalogueState } from '../db/tables/catalogue';
import { proxies } from '../db/tables/inventory';

export async function listFreeProxies(db: Queryable): Promise<CatalogueProxy[]> {
  const rows = await db.select().from(proxies).where(proxyForSale).orderBy(asc(proxies.id));
  return rows.map((row) => ({
    id: row.id,
    ip: row.ip,
    country: row.country,
    region: row.region,
    city: row.city,
    ISP: row.isp,
    zip: row.zip,
    ipqualityscore: row.fraudScore,
    type: row.type as ProxyType,
    protocol: row.protocol as ProxyProtocol,
    udp: row.udp,
  }));
}

/** How many proxies customers can rent now (the operators' low-stock alert reads it). */
export async function countFreeProxies(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(proxies)
    .where(proxyForSale);
  return Number(row?.count ?? 0);
}

export async function incrementCatalogueVersion(tx: Queryable): Promise<void> {
  await tx
    .update(catalogueState)
    .set({ version: sql`${catalogueState.version} + 1` })
    .where(eq(catalogueState.id, 1));
}

/** The one row of catalogue_state (absent only when migrations did not run). */
export async function readCatalogueState(db: Queryable): Promise<typeof catalogueState.$inferSelect | undefined> {
  return firstRow(db, catalogueState, eq(catalogueState.id, 1));
}
