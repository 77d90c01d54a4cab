import { NODE_ONLINE_WINDOW_MS } from '@portal/contract';
import { and, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/client';
import { nodes } from '../db/schema';
import { queueOneOffAlert } from '../notices/operator-alerts';

export interface NodeWatchDeps {
  db: Queryable;
  clock: Clock;
  /** NODE_ALERT_MINUTES in milliseconds. */
  nodeAlertMs: number;
}

/**
 * One look at the gateway nodes: a node out of contact for longer than NODE_ALERT_MINUTES (a node
 * added and never started counts from when it was added) is told to the operators once, and once
 * more when it is back in contact. `offline_alerted_at` is the memory of what was said: each
 * change of it is made by one statement that also checks it, in the transaction that queues the
 * alert, so with several API processes watching each episode is told once. A revoked node is
 * never alerted about (it was taken out on purpose).
 */
export async function watchNodes(deps: NodeWatchDeps): Promise<{ offline: number; back: number }> {
  const now = deps.clock.now();
  const silentSince = new Date(now.getTime() - deps.nodeAlertMs);
  const seenSince = new Date(now.getTime() - NODE_ONLINE_WINDOW_MS);
  return deps.db.transaction(async (tx) => {
    const offline = await tx
      .update(nodes)
      .set({ offlineAlertedAt: now })
      .where(
        and(
          isNull(nodes.revokedAt),
          isNull(nodes.offlineAlertedAt),
          lt(sql`coalesce(${nodes.lastSeenAt}, ${nodes.createdAt})`, silentSince),
        ),
      )
      .returning();
    for (const node of offline) {
      await queueOneOffAlert(tx, {
        kind: 'node_offline',
        eventKey: `${node.id}:${now.getTime()}:raised`,
        details: { node: node.name, host: node.host, lastSeen: node.lastSeenAt?.toISOString() ?? null },
        at: now,
      });
    }
    // The episode's start is read in the statement that ends it, so its "back" pairs with its alert.
    const ended = await tx.execute(sql`
      UPDATE ${nodes} AS n SET offline_alerted_at = NULL
      FROM (SELECT id, offline_alerted_at FROM ${nodes} WHERE ${and(
        isNull(nodes.revokedAt),
        isNotNull(nodes.offlineAlertedAt),
        gte(nodes.lastSeenAt, seenSince),
      )} FOR UPDATE) AS old
      WHERE n.id = old.id
      RETURNING n.id, n.name, n.host, old.offline_alerted_at AS since`);
    const back = (
      ended as unknown as { rows: { id: string | number; name: string; host: string; since: Date | string }[] }
    ).rows;
    for (const node of back) {
      const since = new Date(node.since);
      await queueOneOffAlert(tx, {
        kind: 'node_offline',
        eventKey: `${node.id}:${since.getTime()}:cleared`,
        details: { node: node.name, host: node.host, alertedAt: since.toISOString() },
        at: now,
        state: 'cleared',
      });
    }
    return { offline: offline.length, back: back.length };
  });
}
