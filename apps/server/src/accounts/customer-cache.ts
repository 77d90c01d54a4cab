import type { DatabaseHandle, Queryable } from '../db/client';
import { CUSTOMER_CHANGED, notifyCustomerChanged, type UserRow } from './accounts-repository';
import { GenerationCache } from '../lib/generation-cache';
import { SingleFlight } from '../lib/single-flight';

const MAX_CUSTOMERS = 10_000;
const MAX_SESSIONS_PER_CUSTOMER = 8;
/** A bound on staleness should a notification be lost (the listening connection dropped). */
const DEFAULT_TTL_MS = 1_000;

/** How a session cookie ended, as the error code a call with it gets; null while it is open. */
export type SessionEnd = 'SESSION_ENDED' | 'SESSION_LOGGED_OUT' | null;

interface Entry {
  user: UserRow;
  /** Session token hash -> how it ended (a token of another account, or unknown, counts as open). */
  sessions: Map<string, SessionEnd>;
  storedAt: number;
}

/** Called in the transaction that changes a customer: every process's cache drops it at commit. */
export async function customerChanged(tx: Queryable, userId: number): Promise<void> {
  await notifyCustomerChanged(tx, userId);
}

/**
 * The customer behind an API key (and whether a session cookie was ended), kept in memory so
 * the authenticated read path needs no query. Invalidated through LISTEN/NOTIFY like the
 * gateway's credentials, so a login elsewhere ends a session on every process at once, and by
 * the process itself after each of the customer's own writes (they read their writes at once).
 */
export class CustomerCache extends GenerationCache {
  private readonly byKey = new Map<string, Entry>();
  private readonly keyOfUser = new Map<number, string>();
  /** Lookups under way by API key and session hash, shared by the requests that miss together. */
  readonly lookUps = new SingleFlight<string, { user: UserRow; sessionEnded: SessionEnd } | null>();

  constructor(private readonly ttlMs = DEFAULT_TTL_MS) {
    super();
  }

  get(apiKeyHash: string, sessionHash: string | null): { user: UserRow; sessionEnded: SessionEnd } | null {
    const entry = this.byKey.get(apiKeyHash);
    if (!entry) return null;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      this.drop(entry.user.id);
      return null;
    }
    if (sessionHash === null) return { user: entry.user, sessionEnded: null };
    const ended = entry.sessions.get(sessionHash);
    return ended === undefined ? null : { user: entry.user, sessionEnded: ended };
  }

  store(
    generation: number,
    apiKeyHash: string,
    user: UserRow,
    sessionHash: string | null,
    sessionEnded: SessionEnd,
  ): void {
    if (!this.isCurrent(generation)) return;
    let entry = this.byKey.get(apiKeyHash);
    if (!entry) {
      if (this.byKey.size >= MAX_CUSTOMERS) {
        const oldest = this.byKey.values().next().value;
        if (oldest) this.drop(oldest.user.id);
      }
      entry = { user, sessions: new Map(), storedAt: Date.now() };
      this.byKey.set(apiKeyHash, entry);
      this.keyOfUser.set(user.id, apiKeyHash);
    }
    if (sessionHash !== null) {
      if (entry.sessions.size >= MAX_SESSIONS_PER_CUSTOMER) entry.sessions.clear();
      entry.sessions.set(sessionHash, sessionEnded);
    }
  }

  protected dropAll(): void {
    this.byKey.clear();
    this.keyOfUser.clear();
  }

  protected drop(userId: number): void {
    const key = this.keyOfUser.get(userId);
    if (key === undefined) return;
    this.keyOfUser.delete(userId);
    this.byKey.delete(key);
  }
}

/** A cache kept current by this database's notifications; answers it and the function that stops listening. */
export async function listenedCustomerCache(
  database: Pick<DatabaseHandle, 'listen'>,
  ttlMs = DEFAULT_TTL_MS,
): Promise<{ cache: CustomerCache; stop: () => Promise<void> }> {
  const cache = new CustomerCache(ttlMs);
  const stop = await cache.listen(database, [CUSTOMER_CHANGED], (_channel, payload) =>
    cache.invalidate(Number.parseInt(payload, 10)),
  );
  return { cache, stop };
}
