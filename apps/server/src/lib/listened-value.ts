import type { DatabaseHandle } from '../db/client';
import { SingleFlight } from './single-flight';

/** A bound on staleness should a notification be lost (the listening connection dropped). */
export const LISTENED_TTL_MS = 1_000;

/**
 * One value read from the database and kept in memory: every process holds its own copy, and a
 * database notification at commit replaces it (with the new value when the payload carries it)
 * or drops it. Without notifications (`ttlMs` 0) every read loads, which is what tests on one
 * connection and a process without a listener get.
 */
export class ListenedValue<T> {
  private value: { data: T; at: number } | null = null;
  private generation = 0;
  private readonly loads = new SingleFlight<'value', T>();

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs = 0,
  ) {}

  get(): Promise<T> {
    if (this.value && Date.now() - this.value.at < this.ttlMs) return Promise.resolve(this.value.data);
    const generation = this.generation;
    return this.loads.run('value', generation, async () => {
      const data = await this.load();
      // A notification that came while loading is newer than what was read.
      if (generation === this.generation && this.ttlMs > 0) this.value = { data, at: Date.now() };
      return data;
    });
  }

  /** The value a notification carried: no query. */
  set(data: T): void {
    this.generation += 1;
    if (this.ttlMs > 0) this.value = { data, at: Date.now() };
  }

  invalidate(): void {
    this.generation += 1;
    this.value = null;
  }
}

/**
 * A value kept current by `channel`: `onPayload` turns a notification into the new value (or
 * null: reload on next use). A lost listening connection drops it.
 */
export async function listenedValue<T>(
  database: Pick<DatabaseHandle, 'listen'>,
  channel: string,
  load: () => Promise<T>,
  onPayload: (payload: string) => T | null = () => null,
  ttlMs = LISTENED_TTL_MS,
): Promise<{ value: ListenedValue<T>; stop: () => Promise<void> }> {
  const value = new ListenedValue(load, ttlMs);
  const stop = await database.listen(
    [channel],
    (_channel, payload) => {
      const data = onPayload(payload);
      if (data === null) value.invalidate();
      else value.set(data);
    },
    () => value.invalidate(),
  );
  return { value, stop };
}
