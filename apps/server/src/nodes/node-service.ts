import { HOUR_MS } from '@portal/contract';
import type { NodeReport, NodeReportAnswer, NodeUsageBatch } from '@portal/contract';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { recordActivity } from '../rentals/rental-activity';
import { addRentalUsage } from '../rentals/rental-usage';
import { recordNodeSources } from '../rentals/sources-service';
import { insertUsageBatch, recordReport, rentalsOnNode, type NodeRow } from './node-repository';

export interface NodeServiceDeps {
  db: Database;
  clock: Clock;
}

export async function reportNode(deps: NodeServiceDeps, node: NodeRow, report: NodeReport): Promise<NodeReportAnswer> {
  const now = deps.clock.now();
  await recordReport(deps.db, node.id, report);
  return { success: true, node: { id: node.id, name: node.name, host: node.host }, serverTime: now.toISOString() };
}

/**
 * Applies a node's usage batch once: the batch's number is recorded in the same transaction as
 * its bytes and activity, so a batch sent again (its answer was lost) changes nothing. Only
 * rentals on this node's proxies are counted: a node cannot add bytes to another's rentals.
 */
export async function applyUsageBatch(
  deps: NodeServiceDeps,
  node: NodeRow,
  batch: NodeUsageBatch,
): Promise<{ applied: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await insertUsageBatch(tx, node.id, batch, now))) return { applied: false };
    const sources = batch.sources ?? [];
    const mentioned = [
      ...new Set([...batch.entries.map((entry) => entry.rentalId), ...batch.active, ...sources.map((s) => s.rentalId)]),
    ];
    const served = await rentalsOnNode(tx, node.id, mentioned);
    // One row per rental and hour, in a fixed order: the same rows are always locked alike.
    const sums = new Map<string, { rentalId: number; hour: number; up: number; down: number }>();
    for (const entry of batch.entries) {
      if (!served.has(entry.rentalId)) continue;
      const hour = Math.floor(new Date(entry.hour).getTime() / HOUR_MS) * HOUR_MS;
      const key = `${entry.rentalId}:${hour}`;
      const sum = sums.get(key) ?? { rentalId: entry.rentalId, hour, up: 0, down: 0 };
      sum.up += entry.up;
      sum.down += entry.down;
      sums.set(key, sum);
    }
    const ordered = [...sums.values()].sort((a, b) => a.rentalId - b.rentalId || a.hour - b.hour);
    for (const sum of ordered) {
      if (sum.up === 0 && sum.down === 0) continue;
      await addRentalUsage(tx, sum.rentalId, new Date(sum.hour), sum.up, sum.down);
    }
    // The node's clock may run ahead: activity is never recorded later than the API's now.
    const seenAt = new Date(Math.min(new Date(batch.at).getTime(), now.getTime()));
    await recordActivity(
      tx,
      batch.active.filter((rentalId) => served.has(rentalId)),
      seenAt,
    );
    await recordNodeSources(
      tx,
      sources
        .filter((row) => served.has(row.rentalId))
        .map((row) => ({
          rentalId: row.rentalId,
          source: row.source,
          // A node's clock may run ahead: never later than the API's now.
          firstSeen: new Date(Math.min(Date.parse(row.firstSeen), now.getTime())),
          lastSeen: new Date(Math.min(Date.parse(row.lastSeen), now.getTime())),
        })),
    );
    return { applied: true };
  });
}
