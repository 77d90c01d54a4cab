import { DAY_MS, NODE_ONLINE_WINDOW_MS } from '@portal/contract';
import type { Clock } from '../clock';
import type { Queryable } from '../db/client';
import { queueOneOffAlert } from '../notices/notices-service';
import { clearAlertsOfNodesBack, markSilentNodesAlerted } from './admin-nodes-repository';
import { deleteUsageBatchesBefore } from './node-repository';

/** How long the number of an applied usage batch is kept, to know it again. */
export const USAGE_BATCH_MEMORY_MS = 30 * DAY_MS;

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
 * never alerted about (it was taken out on purpose). Batch numbers older than
 * USAGE_BATCH_MEMORY_MS are forgotten (a busy node sends one a second).
 */
export async function watchNodes(deps: NodeWatchDeps): Promise<{ offline: number; back: number }> {
  const now = deps.clock.now();
  const silentSince = new Date(now.getTime() - deps.nodeAlertMs);
  const seenSince = new Date(now.getTime() - NODE_ONLINE_WINDOW_MS);
  await deleteUsageBatchesBefore(deps.db, new Date(now.getTime() - USAGE_BATCH_MEMORY_MS));
  return deps.db.transaction(async (tx) => {
    const offline = await markSilentNodesAlerted(tx, silentSince, now);
    for (const node of offline) {
      await queueOneOffAlert(tx, {
        kind: 'node_offline',
        eventKey: `${node.id}:${now.getTime()}:raised`,
        details: { node: node.name, host: node.host, lastSeen: node.lastSeenAt?.toISOString() ?? null },
        at: now,
      });
    }
    const back = await clearAlertsOfNodesBack(tx, seenSince);
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
