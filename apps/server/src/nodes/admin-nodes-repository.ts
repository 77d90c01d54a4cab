import { NODE_ONLINE_WINDOW_MS, type NodeView } from '@portal/contract';
import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { firstRow } from '../db/first-row';
import { nodes } from '../db/tables/nodes';

export type NodeRow = typeof nodes.$inferSelect;

/** Online: not revoked, and its stream seen within the window (an open stream is seen every 5 seconds). */
export function isOnline(row: Pick<NodeRow, 'revokedAt' | 'lastSeenAt'>, now: Date): boolean {
  return (
    row.revokedAt === null &&
    row.lastSeenAt !== null &&
    now.getTime() - row.lastSeenAt.getTime() <= NODE_ONLINE_WINDOW_MS
  );
}

export function nodeView(row: NodeRow, proxyCount: number, now: Date): NodeView {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    online: isOnline(row, now),
    last_seen: row.lastSeenAt?.toISOString() ?? null,
    version: row.version,
    socksPort: row.socksPort,
    httpPort: row.httpPort,
    tlsPort: row.tlsPort,
    openConnections: row.openConnections,
    bytesUp: row.bytesUp,
    bytesDown: row.bytesDown,
    proxies: proxyCount,
  };
}

/** Every node, live ones first, then by name. */
export async function listNodeRows(db: Queryable): Promise<NodeRow[]> {
  return db.select().from(nodes).orderBy(asc(nodes.revokedAt), asc(nodes.name), asc(nodes.id));
}

export async function insertNode(
  db: Queryable,
  values: { name: string; host: string; tokenHash: string; createdAt: Date },
): Promise<NodeRow> {
  const [row] = await db.insert(nodes).values(values).returning();
  if (!row) throw new Error('insert into nodes returned no row');
  return row;
}

/** Marks a live node revoked; undefined when there is no such node or it was revoked already. */
export async function markRevoked(db: Queryable, id: number, at: Date): Promise<NodeRow | undefined> {
  const [row] = await db
    .update(nodes)
    .set({ revokedAt: at })
    .where(and(eq(nodes.id, id), isNull(nodes.revokedAt)))
    .returning();
  return row;
}

/** A node that is not revoked, by id. */
export async function liveNode(db: Queryable, id: number): Promise<NodeRow | undefined> {
  return firstRow(db, nodes, and(eq(nodes.id, id), isNull(nodes.revokedAt)));
}

/** A node that is not revoked, by name (names are unique among live nodes). */
export async function liveNodeNamed(db: Queryable, name: string): Promise<NodeRow | undefined> {
  return firstRow(db, nodes, and(eq(nodes.name, name), isNull(nodes.revokedAt)));
}

/** Tells every process that the node is revoked: its streams close. */
export async function notifyNodeRevoked(db: Queryable, id: number): Promise<void> {
  await db.execute(sql`SELECT pg_notify('node_revoked', ${String(id)})`);
}

/** Tells every gateway and node stream to read the proxy's rental again. */
export async function notifyProxyAccess(db: Queryable, proxyId: number): Promise<void> {
  await db.execute(sql`SELECT pg_notify('proxy_access', ${String(proxyId)})`);
}

/**
 * Marks alerted the live nodes not yet alerted about and silent since before `silentSince` (a
 * node never seen counts from when it was added); answers them.
 */
export async function markSilentNodesAlerted(db: Queryable, silentSince: Date, at: Date): Promise<NodeRow[]> {
  return db
    .update(nodes)
    .set({ offlineAlertedAt: at })
    .where(
      and(
        isNull(nodes.revokedAt),
        isNull(nodes.offlineAlertedAt),
        lt(sql`coalesce(${nodes.lastSeenAt}, ${nodes.createdAt})`, silentSince),
      ),
    )
    .returning();
}

/** A node back in contact, with when its offline alert was raised. */
export interface NodeBack {
  id: string | number;
  name: string;
  host: string;
  since: Date | string;
}

/** Clears the alert of the live alerted nodes seen since `seenSince`; answers them. */
export async function clearAlertsOfNodesBack(db: Queryable, seenSince: Date): Promise<NodeBack[]> {
  // The episode's start is read in the statement that ends it, so its "back" pairs with its alert.
  const ended = await db.execute(sql`
      UPDATE ${nodes} AS n SET offline_alerted_at = NULL
      FROM (SELECT id, offline_alerted_at FROM ${nodes} WHERE ${and(
        isNull(nodes.revokedAt),
        isNotNull(nodes.offlineAlertedAt),
        gte(nodes.lastSeenAt, seenSince),
      )} FOR UPDATE) AS old
      WHERE n.id = old.id
      RETURNING n.id, n.name, n.host, old.offline_alerted_at AS since`);
  return (ended as unknown as { rows: NodeBack[] }).rows;
}
