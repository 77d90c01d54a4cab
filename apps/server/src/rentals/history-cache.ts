import type { DatabaseHandle } from '../db/client';
import { GenerationCache } from '../lib/generation-cache';
import { SingleFlight } from '../lib/single-flight';

/**
 * Sent by database triggers (migration 0008) at commit: a customer's rentals or their orders
 * changed (payload: user id), or a proxy column the history shows changed (payload: proxy id).
 */
export const HISTORY_CHANGED = 'history_changed';
export const HISTORY_PROXY_CHANGED = 'history_proxy_changed';

const MAX_CUSTOMERS = 10_000;
/** A bound on staleness should a notification be lost (the listening connection dropped). */
const DEFAULT_TTL_MS = 1_000;

interface Entry {
  /** The serialized answer, sent as it is (bytes: a string would be encoded again on every send). */
  body: Buffer;
  proxyIds: readonly number[];
  storedAt: number;
}

/**
 * Each customer's `/api/proxy/history` answer, serialized, kept in memory: the busiest signed-in
 * read needs no query while nothing it shows changed. Kept current by the database's own
 * notifications (every write to rentals, rental_orders and the shown proxy columns, whoever
 * makes it), by the process itself after the customer's own writes, and by a one-second life.
 */
export class HistoryCache extends GenerationCache {
  private readonly byUser = new Map<number, Entry>();
  /** Proxy id -> customers whose cached history shows it. */
  private readonly usersOfProxy = new Map<number, Set<number>>();
  private readonly loads = new SingleFlight<number, Buffer>();

  constructor(private readonly ttlMs = DEFAULT_TTL_MS) {
    super();
  }

  /**
   * The cached answer, or `compute`'s, stored unless a change came in meanwhile; requests that
   * miss together share one computation.
   */
  async load(userId: number, compute: () => Promise<{ body: Buffer; proxyIds: readonly number[] }>): Promise<Buffer> {
    const cached = this.get(userId);
    if (cached !== null) return cached;
    const generation = this.currentGeneration();
    return this.loads.run(userId, generation, async () => {
      const { body, proxyIds } = await compute();
      this.store(generation, userId, body, proxyIds);
      return body;
    });
  }

  get(userId: number): Buffer | null {
    const entry = this.byUser.get(userId);
    if (!entry) return null;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      this.invalidate(userId);
      return null;
    }
    return entry.body;
  }

  store(generation: number, userId: number, body: Buffer, proxyIds: readonly number[]): void {
    if (!this.isCurrent(generation)) return;
    this.drop(userId);
    if (this.byUser.size >= MAX_CUSTOMERS) {
      const oldest = this.byUser.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.byUser.set(userId, { body, proxyIds, storedAt: Date.now() });
    for (const proxyId of proxyIds) {
      let users = this.usersOfProxy.get(proxyId);
      if (!users) {
        users = new Set();
        this.usersOfProxy.set(proxyId, users);
      }
      users.add(userId);
    }
  }

  invalidateProxy(proxyId: number): void {
    this.changed();
    for (const userId of [...(this.usersOfProxy.get(proxyId) ?? [])]) this.drop(userId);
  }

  protected dropAll(): void {
    this.byUser.clear();
    this.usersOfProxy.clear();
  }

  protected drop(userId: number): void {
    const entry = this.byUser.get(userId);
    if (!entry) return;
    this.byUser.delete(userId);
    for (const proxyId of entry.proxyIds) {
      const users = this.usersOfProxy.get(proxyId);
      users?.delete(userId);
      if (users?.size === 0) this.usersOfProxy.delete(proxyId);
    }
  }
}

/** A cache kept current by this database's notifications; answers it and the function that stops listening. */
export async function listenedHistoryCache(
  database: Pick<DatabaseHandle, 'listen'>,
  ttlMs = DEFAULT_TTL_MS,
): Promise<{ cache: HistoryCache; stop: () => Promise<void> }> {
  const cache = new HistoryCache(ttlMs);
  const stop = await cache.listen(database, [HISTORY_CHANGED, HISTORY_PROXY_CHANGED], (channel, payload) => {
    const id = Number.parseInt(payload, 10);
    if (!Number.isSafeInteger(id)) return cache.clear();
    if (channel === HISTORY_CHANGED) cache.invalidate(id);
    else cache.invalidateProxy(id);
  });
  return { cache, stop };
}
