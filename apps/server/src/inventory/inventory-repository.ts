import type { InventoryRow, ProxyImportRow } from '@portal/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { HOLDING_STATUSES, proxies, rentals } from '../db/schema';
import { bumpCatalogue } from '../catalogue/catalogue-state';
import { isUniqueViolation } from '../db/errors';
import { DomainError } from '../errors';
import { importRejected } from './inventory-import';

const CHUNK = 1000;

/** The columns of an inventory row. */
export function proxyValues(row: ProxyImportRow, at: Date): typeof proxies.$inferInsert {
  return {
    ip: row.ip,
    port: row.port,
    protocol: row.protocol,
    type: row.type,
    country: row.country,
    region: row.region,
    city: row.city,
    isp: row.isp,
    zip: row.zip,
    fraudScore: row.fraud_score,
    upstream: row.upstream,
    createdAt: at,
  };
}

/** Stores validated rows in one transaction; rows whose ip and port exist already refuse it all. */
export async function insertProxies(db: Database, rows: ProxyImportRow[], at: Date): Promise<number[]> {
  try {
    return await insertAll(db, rows, at);
  } catch (error) {
    // Another import added one of these addresses between our check and our insert.
    if (isUniqueViolation(error)) {
      throw new DomainError('IMPORT_INVALID', {
        message: 'A proxy with one of these ip and port pairs was added meanwhile; nothing was stored. Import again.',
      });
    }
    throw error;
  }
}

async function insertAll(db: Database, rows: ProxyImportRow[], at: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const existing = await existingAddresses(tx, rows);
    const clashes = rows
      .map((row, index) => ({ row: index + 1, key: `${row.ip}:${row.port}` }))
      .filter(({ key }) => existing.has(key))
      .map(({ row, key }) => ({
        row,
        field: 'ip',
        message: `a proxy with ip and port ${key} is already in the inventory`,
      }));
    if (clashes.length > 0) throw importRejected(clashes);

    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += CHUNK) {
      const values = rows.slice(start, start + CHUNK).map((row) => proxyValues(row, at));
      const inserted = await tx.insert(proxies).values(values).returning({ id: proxies.id });
      ids.push(...inserted.map((r) => r.id));
    }
    await bumpCatalogue(tx);
    return ids;
  });
}

async function existingAddresses(tx: Queryable, rows: ProxyImportRow[]): Promise<Set<string>> {
  const found = new Set<string>();
  const ips = [...new Set(rows.map((row) => row.ip))];
  for (let start = 0; start < ips.length; start += CHUNK) {
    const matches = await tx
      .select({ ip: proxies.ip, port: proxies.port })
      .from(proxies)
      .where(inArray(proxies.ip, ips.slice(start, start + CHUNK)));
    for (const match of matches) found.add(`${match.ip}:${match.port}`);
  }
  return found;
}

export async function setProxyEnabled(db: Database, id: number, enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.update(proxies).set({ enabled }).where(eq(proxies.id, id)).returning({ id: proxies.id });
    if (!row) throw new DomainError('PROXY_NOT_FOUND');
    await bumpCatalogue(tx);
  });
}

/**
 * Whether a rental holds the proxy of the row. The names are written out: in a select from one
 * table drizzle drops the table from interpolated columns, and a bare "id" would then be the
 * rental's own id inside the subquery.
 */
export const proxyIsHeld = sql<boolean>`exists (select 1 from "rentals" where "rentals"."proxy_id" = "proxies"."id" and ${inArray(rentals.status, [...HOLDING_STATUSES])})`;

/** The operator's view of the inventory, upstream credentials left out. */
export async function listInventory(db: Queryable): Promise<InventoryRow[]> {
  const rows = await db
    .select({
      proxy: proxies,
      rented: proxyIsHeld,
    })
    .from(proxies)
    .orderBy(asc(proxies.id));
  return rows.map(({ proxy, rented }) => ({
    id: proxy.id,
    ip: proxy.ip,
    port: proxy.port,
    protocol: proxy.protocol,
    type: proxy.type,
    country: proxy.country,
    region: proxy.region,
    city: proxy.city,
    isp: proxy.isp,
    zip: proxy.zip,
    fraudScore: proxy.fraudScore,
    enabled: proxy.enabled,
    state: !proxy.enabled ? 'disabled' : rented ? 'rented' : 'free',
    upstreamKind: upstreamKind(proxy.upstream),
    lastCheckedAt: proxy.lastCheckedAt?.toISOString() ?? null,
    lastUnavailableAt: proxy.lastUnavailableAt?.toISOString() ?? null,
  }));
}

/** `direct`, or `socks5 host:port` without the credentials. */
export function upstreamKind(upstream: string): string {
  if (upstream === 'direct') return 'direct';
  try {
    const url = new URL(upstream);
    return `${url.protocol.replace(':', '')} ${url.host}`;
  } catch {
    return 'invalid';
  }
}
