import type { NodeAccess, NodeSource, NodeUsageBatch } from '@portal/contract';
import type { SourceRow } from '../../rentals/sources-types';
import type { SourceLedger } from '../rental-sources';

/** One address of one rental's list, as the node tells the shop. */
export interface Sighting extends SourceRow {
  rentalId: number;
}

/** An address of a rental's list as the channel carries it, read back. */
export const sighting = (row: NodeSource): Sighting => ({
  rentalId: row.rentalId,
  source: row.source,
  firstSeen: new Date(row.firstSeen),
  lastSeen: new Date(row.lastSeen),
});

/**
 * Addresses in batches the shop has not acknowledged (a snapshot cannot know them yet), but
 * none from before its renter's clear: the shop will not take those back either.
 */
export function unsentSightings(pending: NodeUsageBatch[], rentals: NodeAccess[]): Sighting[] {
  const cleared = new Map<number, number>();
  for (const access of rentals) {
    if (access.sourcesClearedAt) cleared.set(access.rentalId, Date.parse(access.sourcesClearedAt));
  }
  return pending
    .flatMap((batch) => (batch.sources ?? []).map(sighting))
    .filter((row) => row.lastSeen.getTime() > (cleared.get(row.rentalId) ?? -Infinity));
}

/**
 * The many-addresses rule's lists in a node's memory. A node's proxies are served by that node
 * alone, so its count is the only one; the renter's clear arrives as `sourcesCleared`. What
 * changed is handed to the shop with the next usage batch (its renter's list is kept there), and
 * a snapshot brings the shop's lists back after a restart.
 */
export class MemoryLedger implements SourceLedger {
  private readonly lists = new Map<number, Map<string, SourceRow>>();
  private readonly changed = new Map<string, Sighting>();

  private mark(rentalId: number, row: SourceRow): void {
    this.changed.set(`${rentalId} ${row.source}`, { rentalId, ...row });
  }

  /** The addresses first seen or used again since the last call. */
  takeChanged(): Sighting[] {
    const rows = [...this.changed.values()];
    this.changed.clear();
    return rows;
  }

  /**
   * The lists as the shop has them, then what it has not heard yet (`unsent`, none from before
   * its renter's clear) over them: a clear made while the stream was down is taken, and no
   * address used meanwhile is forgotten.
   */
  load(rows: Sighting[], unsent: Sighting[]): void {
    this.lists.clear();
    for (const row of [...rows, ...unsent, ...this.changed.values()]) {
      const list = this.listOf(row.rentalId);
      const known = list.get(row.source);
      list.set(row.source, {
        source: row.source,
        firstSeen: known && known.firstSeen < row.firstSeen ? known.firstSeen : row.firstSeen,
        lastSeen: known && known.lastSeen > row.lastSeen ? known.lastSeen : row.lastSeen,
      });
    }
  }

  private listOf(rentalId: number): Map<string, SourceRow> {
    let list = this.lists.get(rentalId);
    if (!list) {
      list = new Map();
      this.lists.set(rentalId, list);
    }
    return list;
  }

  private liveOf(rentalId: number, since: Date): SourceRow[] {
    const list = this.lists.get(rentalId);
    if (!list) return [];
    for (const [source, row] of list) if (row.lastSeen <= since) list.delete(source);
    if (list.size === 0) this.lists.delete(rentalId);
    return [...list.values()].sort((a, b) => a.firstSeen.getTime() - b.firstSeen.getTime());
  }

  settle(rentalId: number, source: string, limit: number, now: Date, windowMs: number) {
    const live = this.liveOf(rentalId, new Date(now.getTime() - windowMs));
    const mine = live.find((row) => row.source === source);
    if (!mine && limit > 0 && live.length >= limit) return Promise.resolve({ admitted: false, live });
    const row = { source, firstSeen: mine?.firstSeen ?? now, lastSeen: now };
    this.listOf(rentalId).set(source, row);
    this.mark(rentalId, row);
    return Promise.resolve({ admitted: true, live: [...live.filter((other) => other.source !== source), row] });
  }

  touch(rentalId: number, source: string, at: Date): Promise<void> {
    const row = this.lists.get(rentalId)?.get(source);
    if (row && row.lastSeen <= at) {
      row.lastSeen = at;
      this.mark(rentalId, row);
    }
    return Promise.resolve();
  }

  live(rentalId: number, since: Date): Promise<SourceRow[]> {
    return Promise.resolve(this.liveOf(rentalId, since));
  }

  /** The renter cleared the list, or the rental is no longer this node's. */
  clear(rentalId: number): void {
    this.lists.delete(rentalId);
    for (const [key, row] of this.changed) if (row.rentalId === rentalId) this.changed.delete(key);
  }
}
