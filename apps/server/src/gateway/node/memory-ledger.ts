import type { SourceRow } from '../../rentals/sources-types';
import type { SourceLedger } from '../rental-sources';

/**
 * The many-addresses rule's lists in a node's memory. A node's proxies are served by that node
 * alone, so its count is the only one; the renter's clear arrives as `sourcesCleared`.
 */
export class MemoryLedger implements SourceLedger {
  private readonly lists = new Map<number, Map<string, SourceRow>>();

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
    return Promise.resolve({ admitted: true, live: [...live.filter((other) => other.source !== source), row] });
  }

  touch(rentalId: number, source: string, at: Date): Promise<void> {
    const row = this.lists.get(rentalId)?.get(source);
    if (row && row.lastSeen <= at) row.lastSeen = at;
    return Promise.resolve();
  }

  live(rentalId: number, since: Date): Promise<SourceRow[]> {
    return Promise.resolve(this.liveOf(rentalId, since));
  }

  /** The renter cleared the list, or the rental is no longer this node's. */
  clear(rentalId: number): void {
    this.lists.delete(rentalId);
  }
}
