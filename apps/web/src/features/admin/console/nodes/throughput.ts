import type { NodeView } from '@portal/contract';

/** A node's counters as of one report. */
export interface NodeSample {
  at: number;
  bytesUp: number;
  bytesDown: number;
}

export const sampleOf = (node: NodeView): NodeSample | null =>
  node.last_seen === null ? null : { at: Date.parse(node.last_seen), bytesUp: node.bytesUp, bytesDown: node.bytesDown };

/**
 * Bytes per second between two reports of a node. A node reports its counters since it started,
 * so a count that went down means it restarted: no rate until the next report. Null also when
 * the two are the same report.
 */
export function throughput(before: NodeSample | null, after: NodeSample | null): { up: number; down: number } | null {
  if (!before || !after || after.at <= before.at) return null;
  if (after.bytesUp < before.bytesUp || after.bytesDown < before.bytesDown) return null;
  const seconds = (after.at - before.at) / 1000;
  return { up: (after.bytesUp - before.bytesUp) / seconds, down: (after.bytesDown - before.bytesDown) / seconds };
}
