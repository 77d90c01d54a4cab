import type { InventoryRow, InventoryState, ProxyImportRow } from '@portal/contract';
import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { firstRow, lockedRow } from '../db/first-row';
import { proxies } from '../db/tables/inventory';
import { bumpCatalogue } from '../catalogue/catalogue-service';
import { isUniqueViolation } from '../db/errors';
import { DomainError } from '../errors';
import { importRejected, importedPort, type ImportRow } from './inventory-import';
import { proxyIsHeld, rentalHolds } from '../db/proxy-held';
import { inventoryState, UNSCORED_FRAUD_SCORE } from './proxy-state';

const CHUNK = 1000;

/** Catalogue fields whose source is recorded; `protocol` and `port` follow from the upstream. */
const DISCOVERABLE = ['ip', 'type', 'country', 'region', 'city', 'isp', 'zip', 'fraud_score'] as const;
/** Without these the proxy cannot be listed: it waits for discovery (`checking`). */
const NEEDED_TO_LIST = ['ip', 'type', 'country', 'fraud_score'] as const;

function upstreamHost(upstream: string): string {
  return upstream === 'direct' ? '' : new URL(upstream).hostname.replace(/^\[|\]$/g, '');
}

/** The columns of an inventory row: given fields are the operator's, the others wait for discovery. */
export function proxyValues(row: ImportRow, at: Date): typeof proxies.$inferInsert {
  const sources: Record<string, string> = {};
  for (const field of DISCOVERABLE) if (row[field] !== undefined) sources[field] = 'operator';
  if (row.type === undefined) sources.type = 'default';
  // Until discovery, `ip` holds the upstream's host: not an address of the operator's (see the index).
  if (row.ip === undefined) sources.ip = 'upstream';
  const complete = NEEDED_TO_LIST.every((field) => row[field] !== undefined);
  return {
    ip: row.ip ?? upstreamHost(row.upstream),
    port: importedPort(row),
    protocol: row.protocol ?? (row.upstream.startsWith('http://') ? 'HTTP' : 'SOCKS5'),
    type: row.type ?? 'datacenter',
    country: row.country ?? '',
    region: row.region ?? '',
    city: row.city ?? '',
    isp: row.isp ?? '',
    zip: row.zip ?? '',
    fraudScore: row.fraud_score ?? UNSCORED_FRAUD_SCORE,
    upstream: row.upstream,
    createdAt: at,
    sources,
    discovery: complete ? 'listed' : 'checking',
    detectProtocol: row.detectProtocol === true,
    maxConnections: row.max_connections ?? null,
    nodeId: row.nodeId ?? null,
  };
}

export interface StoredImport {
  ids: number[];
  /** Rows (1-based, or the text's line numbers) naming an upstream the inventory has already. */
  duplicates: { row: number; upstream: string }[];
  /** Of the stored, how many wait for discovery. */
  checking: number;
}

/**
 * Stores an import in one transaction. Rows without an address of their own are told apart by
 * their upstream: one already in the inventory (or earlier in the import) is reported and skipped.
 * Rows with an address that exists already refuse the whole import, as before.
 */
export async function storeImport(
  db: Database,
  rows: ImportRow[],
  at: Date,
  rowNumbers: number[] = rows.map((_, index) => index + 1),
): Promise<StoredImport> {
  return withUniqueRetryMessage(() =>
    db.transaction(async (tx) => {
      const own = rows.filter((row) => row.ip === undefined);
      const known = await existingUpstreams(tx, own.map(upstreamKey));
      const duplicates: StoredImport['duplicates'] = [];
      const kept: ImportRow[] = [];
      rows.forEach((row, index) => {
        if (row.ip === undefined) {
          const key = upstreamKey(row);
          if (known.has(key)) {
            duplicates.push({ row: rowNumbers[index] ?? index + 1, upstream: upstreamKind(row.upstream) });
            return;
          }
          known.add(key);
          // A later line of this import without a scheme is the same upstream as this one.
          known.add(schemeless(row.upstream));
        }
        kept.push(row);
      });
      const ids = kept.length > 0 ? await insertAll(tx, kept, at) : [];
      return { ids, duplicates, checking: kept.filter((row) => proxyValues(row, at).discovery === 'checking').length };
    }),
  );
}

/** Stores validated rows in one transaction; rows whose ip and port exist already refuse it all. */
export async function insertProxies(db: Database, rows: ProxyImportRow[], at: Date): Promise<number[]> {
  return withUniqueRetryMessage(() => db.transaction((tx) => insertAll(tx, rows, at)));
}

async function withUniqueRetryMessage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
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

async function insertAll(tx: Queryable, rows: ImportRow[], at: Date): Promise<number[]> {
  const existing = await existingAddresses(tx, rows);
  const clashes = rows
    .map((row, index) => ({ row: index + 1, key: `${row.ip}:${importedPort(row)}` }))
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
}

/** An upstream without its scheme (`user:pass@host:port`). */
const schemeless = (upstream: string) => upstream.replace(SCHEME, '');
const SCHEME = /^[a-z0-9]+:\/\//;
const SCHEME_SQL = '^[a-z0-9]+://';

/**
 * What an imported upstream is told apart by: the upstream itself when the operator named its
 * scheme; without one (discovery probes it), the rest alone. Discovery writes the scheme it finds
 * over the one the row was stored with, so the same line imported again must match whatever
 * scheme its first copy has by then.
 */
const upstreamKey = (row: ImportRow) => (row.detectProtocol ? schemeless(row.upstream) : row.upstream);

/** Those of these keys (an upstream, or an upstream without its scheme) the inventory holds. */
async function existingUpstreams(tx: Queryable, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(keys)];
  const bare = sql`regexp_replace(${proxies.upstream}, ${SCHEME_SQL}, '')`;
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const matches = await tx
      .select({ upstream: proxies.upstream, bare: sql<string>`${bare}` })
      .from(proxies)
      .where(sql`${proxies.upstream} IN ${chunk} OR ${bare} IN ${chunk}`);
    for (const match of matches) {
      found.add(match.upstream);
      found.add(match.bare);
    }
  }
  return found;
}

/** Operator-given addresses already in the inventory (discovered exits may repeat). */
async function existingAddresses(tx: Queryable, rows: ProxyImportRow[]): Promise<Set<string>> {
  const found = new Set<string>();
  const ips = [...new Set(rows.flatMap((row) => (row.ip === undefined ? [] : [row.ip])))];
  for (let start = 0; start < ips.length; start += CHUNK) {
    const matches = await tx
      .select({ ip: proxies.ip, port: proxies.port })
      .from(proxies)
      .where(and(inArray(proxies.ip, ips.slice(start, start + CHUNK)), operatorAddress));
    for (const match of matches) found.add(`${match.ip}:${match.port}`);
  }
  return found;
}

/** Rows whose ip the operator gave (the partial unique index of the schema covers these). */
const operatorAddress = sql`(${proxies.sources} ->> 'ip' IS NULL OR ${proxies.sources} ->> 'ip' = 'operator')`;

export async function setProxyEnabled(db: Database, id: number, enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.update(proxies).set({ enabled }).where(eq(proxies.id, id)).returning({ id: proxies.id });
    if (!row) throw new DomainError('PROXY_NOT_FOUND');
    await bumpCatalogue(tx);
  });
}

/** A proxy's own cap on one rental's concurrent connections (null: the shop default). */
export async function setProxyMaxConnections(db: Queryable, id: number, maxConnections: number | null): Promise<void> {
  const [row] = await db
    .update(proxies)
    .set({ maxConnections })
    .where(eq(proxies.id, id))
    .returning({ id: proxies.id });
  if (!row) throw new DomainError('PROXY_NOT_FOUND');
}

/** A proxy's own limit on the client addresses one rental may be used from (null: the shop default). */
export async function setProxyMaxSourceIps(db: Queryable, id: number, maxSourceIps: number | null): Promise<void> {
  const [row] = await db.update(proxies).set({ maxSourceIps }).where(eq(proxies.id, id)).returning({ id: proxies.id });
  if (!row) throw new DomainError('PROXY_NOT_FOUND');
}

/** Client addresses of the rental holding the proxy of the row since `since` (names written out, as in proxyIsHeld). */
const heldSourceIps = (since: Date) =>
  sql<number>`(select count(*)::int from "rental_sources" join "rentals" on "rentals"."id" = "rental_sources"."rental_id" where "rentals"."proxy_id" = "proxies"."id" and ${rentalHolds} and "rental_sources"."last_seen" > ${since.toISOString()})`;

/**
 * The operator's view of the inventory, upstream credentials left out; with the client addresses
 * each held proxy's rental was used from since `sourcesSince` (the window).
 */
export async function listInventory(db: Queryable, sourcesSince = new Date(0)): Promise<InventoryRow[]> {
  const rows = await db
    .select({
      proxy: proxies,
      rented: proxyIsHeld,
      sourceIps: heldSourceIps(sourcesSince),
    })
    .from(proxies)
    .orderBy(asc(proxies.id));
  return rows.map(({ proxy, rented, sourceIps }) => ({
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
    state: inventoryState(proxy.enabled, rented, proxy.discovery),
    upstreamKind: upstreamKind(proxy.upstream),
    lastCheckedAt: proxy.lastCheckedAt?.toISOString() ?? null,
    lastUnavailableAt: proxy.lastUnavailableAt?.toISOString() ?? null,
    exitIp: proxy.exitIp,
    latencyMs: proxy.latencyMs,
    udp: proxy.udp,
    failureReason: proxy.failureReason,
    sources: proxy.sources,
    maxConnections: proxy.maxConnections,
    maxSourceIps: proxy.maxSourceIps,
    sourceIps: rented ? Number(sourceIps) : null,
    nodeId: proxy.nodeId,
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

/**
 * Takes the proxies table's lock (SHARE ROW EXCLUSIVE: a second seeder waits for this one's commit)
 * and answers how many proxies there are.
 */
export async function lockProxiesAndCount(tx: Queryable): Promise<number> {
  await tx.execute(sql`LOCK TABLE ${proxies} IN SHARE ROW EXCLUSIVE MODE`);
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(proxies);
  return row?.n ?? 0;
}

export async function insertProxyValues(tx: Queryable, values: (typeof proxies.$inferInsert)[]): Promise<void> {
  await tx.insert(proxies).values(values);
}

export type ProxyRow = typeof proxies.$inferSelect;

export async function findProxy(db: Queryable, id: number): Promise<ProxyRow | undefined> {
  return firstRow(db, proxies, eq(proxies.id, id));
}

/** The proxy, its row locked for the rest of the transaction (a purchase, a replacement). */
export async function lockProxy(tx: Queryable, proxyId: number): Promise<ProxyRow | undefined> {
  return lockedRow(tx, proxies, eq(proxies.id, proxyId));
}

/** Whether the proxy is enabled; undefined when there is no such proxy. */
export async function proxyEnabled(db: Queryable, id: number): Promise<boolean | undefined> {
  const [proxy] = await db.select({ enabled: proxies.enabled }).from(proxies).where(eq(proxies.id, id));
  return proxy?.enabled;
}

/** The health check looked at the proxy at `at`, with a result that says nothing of it. */
export async function markProxyChecked(db: Queryable, proxyId: number, at: Date): Promise<void> {
  await db.update(proxies).set({ lastCheckedAt: at }).where(eq(proxies.id, proxyId));
}

/** A health check's result on the proxy: failing from its first failure on, until a check passes. */
export async function recordProxyCheck(db: Queryable, proxyId: number, ok: boolean, at: Date): Promise<void> {
  await db
    .update(proxies)
    .set(
      ok
        ? { lastCheckedAt: at, failingSince: null }
        : { lastCheckedAt: at, lastUnavailableAt: at, failingSince: sql`coalesce(${proxies.failingSince}, ${at})` },
    )
    .where(eq(proxies.id, proxyId));
}

/** The node a proxy is on (null: the shop's own gateway), its row locked; undefined: no such proxy. */
export async function lockProxyNode(db: Queryable, proxyId: number): Promise<{ nodeId: number | null } | undefined> {
  const [row] = await db
    .select({ nodeId: proxies.nodeId })
    .from(proxies)
    .where(eq(proxies.id, proxyId))
    .for('no key update');
  return row;
}

export async function setProxyNode(db: Queryable, proxyId: number, nodeId: number | null): Promise<void> {
  await db.update(proxies).set({ nodeId }).where(eq(proxies.id, proxyId));
}

/** The proxy leaves the catalogue as unhealthy (a rental was moved off it for failing). */
export async function delistUnhealthy(tx: Queryable, proxyId: number): Promise<void> {
  await tx.update(proxies).set({ discovery: 'unhealthy' }).where(eq(proxies.id, proxyId));
}

/** The upstream of each claimed rental's proxy, read once for the whole batch. */
export async function upstreamsOf(db: Queryable, claimed: { proxyId: number }[]): Promise<Map<number, string>> {
  const ids = [...new Set(claimed.map((rental) => rental.proxyId))];
  const rows = await db
    .select({ id: proxies.id, upstream: proxies.upstream })
    .from(proxies)
    .where(inArray(proxies.id, ids));
  return new Map(rows.map((row) => [row.id, row.upstream]));
}

/** Proxies per state, counted in the database: the console's overview and the metrics read it. */
export async function countProxiesByState(db: Queryable): Promise<{ state: InventoryState; count: string }[]> {
  // The same order as inventoryState(): the operator's switch, a rental, then discovery.
  const state = sql<InventoryState>`case when not ${proxies.enabled} then 'disabled' when ${proxyIsHeld} then 'rented' when ${proxies.discovery} = 'listed' then 'free' else ${proxies.discovery} end`;
  return (
    db
      .select({ state, count: sql<string>`count(*)` })
      .from(proxies)
      // By position: two copies of the expression would carry different bind parameters.
      .groupBy(sql`1`)
  );
}

/** Proxies whose last health check found their upstream unavailable. */
export async function countUnhealthyProxies(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(proxies)
    .where(and(isNotNull(proxies.lastUnavailableAt), gte(proxies.lastUnavailableAt, proxies.lastCheckedAt)));
  return Number(row?.count ?? 0);
}

/** How many proxies each node serves (nodes serving none are absent). */
export async function countProxiesByNode(db: Queryable): Promise<Map<number, number>> {
  const rows = await db
    .select({ nodeId: proxies.nodeId, count: sql<string>`count(*)` })
    .from(proxies)
    .where(isNotNull(proxies.nodeId))
    .groupBy(proxies.nodeId);
  return new Map(rows.map((row) => [row.nodeId ?? 0, Number(row.count)]));
}
