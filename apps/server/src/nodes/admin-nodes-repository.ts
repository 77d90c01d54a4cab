import { NODE_ONLINE_WINDOW_MS, type NodeView } from '@portal/contract';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { nodes, proxies } from '../db/schema';

export type NodeRow = typeof nodes.$inferSelect;

/** Online: not revoked, and in contact within the window (the node reports every 10 seconds). */
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

/** Every node, live ones first, then by name; with the number of proxies each serves. */
export async function listNodeRows(db: Queryable): Promise<{ row: NodeRow; proxies: number }[]> {
  const served = db
    .select({ nodeId: proxies.nodeId, proxies: count().as('proxies') })
    .from(proxies)
    .groupBy(proxies.nodeId)
    .as('served');
  const rows = await db
    .select({ row: nodes, proxies: served.proxies })
    .from(nodes)
    .leftJoin(served, eq(served.nodeId, nodes.id))
    .orderBy(asc(nodes.revokedAt), asc(nodes.name), asc(nodes.id));
  return rows.map(({ row, proxies: n }) => ({ row, proxies: Number(n ?? 0) }));
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
  const [row] = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.id, id), isNull(nodes.revokedAt)));
  return row;
}

/** A node that is not revoked, by name (names are unique among live nodes). */
export async function liveNodeNamed(db: Queryable, name: string): Promise<NodeRow | undefined> {
  const [row] = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.name, name), isNull(nodes.revokedAt)));
  return row;
}
