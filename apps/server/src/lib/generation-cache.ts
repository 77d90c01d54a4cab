import type { DatabaseHandle, NotificationHandler } from '../db/client';

/**
 * What the per-customer caches share: every change bumps a generation, so a store prepared from a
 * read made before the change (an older generation) is dropped instead of keeping stale data.
 */
export abstract class GenerationCache {
  private generation = 0;

  /** Read before a lookup; a store with an older generation is dropped (a change came in between). */
  currentGeneration(): number {
    return this.generation;
  }

  /** A change to this customer: their entry goes, and lookups under way will not store. */
  invalidate(userId: number): void {
    this.changed();
    this.drop(userId);
  }

  /** Any entry may be stale (the listening connection was lost): all of them go. */
  clear(): void {
    this.changed();
    this.dropAll();
  }

  /**
   * Keeps the cache current by these channels' notifications; a lost listening connection clears
   * it (what was sent meanwhile is lost). Answers the function that stops listening.
   */
  listen(
    database: Pick<DatabaseHandle, 'listen'>,
    channels: string[],
    onNotify: NotificationHandler,
  ): Promise<() => Promise<void>> {
    return database.listen(channels, onNotify, () => this.clear());
  }

  protected isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  protected changed(): void {
    this.generation += 1;
  }

  protected abstract drop(userId: number): void;
  protected abstract dropAll(): void;
}
