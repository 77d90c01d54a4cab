import type net from 'node:net';
import type { Clock } from '../clock';
import { sourceKey } from '../lib/failure-throttle';
import type { SourceRow } from '../rentals/sources-types';
import type { Access } from './credential-store';
import { DEFAULT_SOURCE_WINDOW_HOURS, HOUR_MS, MINUTE_MS } from '@portal/contract';

/**
 * Where a rental's list of client addresses is settled: the database (every gateway process
 * shares one count) or a node's memory (a node's proxies are served by that node alone).
 */
export interface SourceLedger {
  /** Admits `source` if it is on the list in the window or the list has room (`limit` 0: always); answers the list after. */
  settle(
    rentalId: number,
    source: string,
    limit: number,
    now: Date,
    windowMs: number,
  ): Promise<{ admitted: boolean; live: SourceRow[] }>;
  /** A known address used again: its window starts over. */
  touch(rentalId: number, source: string, at: Date): Promise<void>;
  /** The addresses that used the rental since `since`. */
  live(rentalId: number, since: Date): Promise<SourceRow[]>;
}

/** RENTAL_MAX_SOURCE_IPS when the variable is unset. */
export const DEFAULT_RENTAL_MAX_SOURCE_IPS = 5;
/** RENTAL_SOURCE_WINDOW_HOURS when the variable is unset, in ms. */
export const DEFAULT_SOURCE_WINDOW_MS = DEFAULT_SOURCE_WINDOW_HOURS * HOUR_MS;
/** A known address in use has its last use written back at most this often (per process). */
const TOUCH_MS = 5 * MINUTE_MS;
/** A refused address is answered from memory this long: a client retrying in a loop is not a query each time. */
const REFUSAL_MEMORY_MS = 10_000;
/** Under no limit a rental could be used from any number of addresses: memory keeps this many. */
const MAX_KNOWN_PER_RENTAL = 1000;

interface Known {
  lastSeen: number;
  /** When this process admitted it (a sequence): a reload that started earlier does not cut it. */
  admitted: number;
}

interface Cached {
  known: Map<string, Known>;
  /** When an address was refused, and under which limit (a new limit asks the database again). */
  refused: Map<string, { at: number; limit: number }>;
  sockets: Map<string, Set<net.Socket>>;
  /** Reloads begun (the customer cleared the list): an admission that overlapped one settles again. */
  reloads: number;
}

export interface RentalSourcesOptions {
  ledger: SourceLedger;
  clock: Clock;
  /** RENTAL_MAX_SOURCE_IPS: the limit of a rental whose proxy has none of its own (0: unlimited). */
  defaultMax?: number;
  windowMs?: number;
  /** A failed query (the connection is let through: the database being away is not the customer's fault). */
  onError?: (error: unknown) => void;
}

/**
 * The many-addresses rule in one gateway process. A new address is settled in the ledger (in the
 * database: one transaction under the rental's lock, so all processes share one count); an
 * address already on the list is answered from memory, so its later connections cost nothing. The
 * memory follows the ledger through `reload` (a cleared list) and refreshes each address in use
 * every few minutes.
 */
export class RentalSources {
  private readonly rentals = new Map<number, Cached>();
  private sequence = 0;
  private defaultMax: number;
  private windowMs: number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: RentalSourcesOptions) {
    this.defaultMax = options.defaultMax ?? DEFAULT_RENTAL_MAX_SOURCE_IPS;
    this.windowMs = options.windowMs ?? DEFAULT_SOURCE_WINDOW_MS;
    this.timer = setInterval(() => this.maintain(), Math.min(TOUCH_MS, this.windowMs / 2));
    this.timer.unref();
  }

  /** The shop's defaults as a node learns them from the API (they are the API's settings). */
  configure(settings: { defaultMax: number; windowMs: number }): void {
    this.defaultMax = settings.defaultMax;
    this.windowMs = settings.windowMs;
  }

  limitOf(access: Access): number {
    return access.maxSourceIps ?? this.defaultMax;
  }

  private now(): number {
    return this.options.clock.now().getTime();
  }

  private cachedOf(rentalId: number): Cached {
    let cached = this.rentals.get(rentalId);
    if (!cached) {
      cached = { known: new Map(), refused: new Map(), sockets: new Map(), reloads: 0 };
      this.rentals.set(rentalId, cached);
    }
    return cached;
  }

  /**
   * Whether the client's address may use the rental; if so `client` is held, to be cut when the
   * customer clears the list. `address` is the client's (the PROXY protocol's when trusted).
   */
  async admit(access: Access, address: string | undefined, client: net.Socket, again = false): Promise<boolean> {
    const key = sourceKey(address);
    const now = this.now();
    const cached = this.cachedOf(access.rentalId);
    const known = cached.known.get(key);
    if (known && known.lastSeen > now - this.windowMs) {
      if (now - known.lastSeen >= TOUCH_MS) this.touch(access.rentalId, key, known, now);
      this.hold(cached, key, client);
      return true;
    }
    const limit = this.limitOf(access);
    const refused = cached.refused.get(key);
    if (refused?.limit === limit && now - refused.at < REFUSAL_MEMORY_MS) return false;
    const reloadsBefore = cached.reloads;
    let settled: Awaited<ReturnType<SourceLedger['settle']>>;
    try {
      settled = await this.options.ledger.settle(access.rentalId, key, limit, new Date(now), this.windowMs);
    } catch (error) {
      this.options.onError?.(error);
      this.hold(cached, key, client);
      return true;
    }
    if (!settled.admitted) {
      cached.refused.set(key, { at: now, limit });
      return false;
    }
    // A clear committed after this admission's row: the row is gone, and an address kept only in
    // memory would outlive the clear and the limit. Settled once more, it is counted anew.
    if (cached.reloads !== reloadsBefore && !again) return this.admit(access, address, client, true);
    cached.refused.delete(key);
    for (const row of settled.live) {
      const entry = cached.known.get(row.source);
      if (entry) entry.lastSeen = Math.max(entry.lastSeen, row.lastSeen.getTime());
      else cached.known.set(row.source, { lastSeen: row.lastSeen.getTime(), admitted: 0 });
    }
    this.sequence += 1;
    cached.known.set(key, { lastSeen: now, admitted: this.sequence });
    this.trim(cached);
    this.hold(cached, key, client);
    return true;
  }

  private touch(rentalId: number, key: string, known: Known, now: number): void {
    known.lastSeen = now;
    this.options.ledger.touch(rentalId, key, new Date(now)).catch((error: unknown) => this.options.onError?.(error));
  }

  private hold(cached: Cached, key: string, client: net.Socket): void {
    if (client.destroyed) return;
    let set = cached.sockets.get(key);
    if (!set) {
      set = new Set();
      cached.sockets.set(key, set);
    }
    if (set.has(client)) return;
    set.add(client);
    const held = set;
    client.once('close', () => {
      held.delete(client);
      if (held.size === 0 && cached.sockets.get(key) === held) cached.sockets.delete(key);
    });
  }

  private trim(cached: Cached): void {
    for (const key of cached.known.keys()) {
      if (cached.known.size <= MAX_KNOWN_PER_RENTAL) break;
      if (!cached.sockets.has(key)) cached.known.delete(key);
    }
  }

  /**
   * Takes the rental's list from the ledger again (the customer cleared it) and cuts the
   * connections of addresses no longer on it, but for those this process admitted meanwhile.
   */
  async reload(rentalId: number): Promise<void> {
    const cached = this.rentals.get(rentalId);
    if (!cached) return;
    const startedAt = this.sequence;
    cached.reloads += 1;
    const rows = await this.options.ledger.live(rentalId, new Date(this.now() - this.windowMs));
    const live = new Map(rows.map((row) => [row.source, row.lastSeen.getTime()]));
    cached.refused.clear();
    for (const key of new Set([...cached.known.keys(), ...cached.sockets.keys()])) {
      const known = cached.known.get(key);
      if (live.has(key) || (known && known.admitted > startedAt)) continue;
      cached.known.delete(key);
      for (const socket of cached.sockets.get(key) ?? []) socket.destroy();
      cached.sockets.delete(key);
    }
    for (const [key, lastSeen] of live) {
      const known = cached.known.get(key);
      if (known) known.lastSeen = Math.max(known.lastSeen, lastSeen);
      else cached.known.set(key, { lastSeen, admitted: 0 });
    }
  }

  /** After a lost notification connection anything may have been missed: every cached rental again. */
  async reloadAll(): Promise<void> {
    for (const rentalId of [...this.rentals.keys()]) await this.reload(rentalId);
  }

  /**
   * Keeps an address with a long tunnel on the list (its last use is now, not when it opened),
   * and forgets what the window has passed.
   */
  maintain(): void {
    const now = this.now();
    for (const [rentalId, cached] of this.rentals) {
      for (const [key, known] of cached.known) {
        if (cached.sockets.has(key)) {
          if (now - known.lastSeen >= TOUCH_MS) this.touch(rentalId, key, known, now);
        } else if (known.lastSeen <= now - this.windowMs) {
          cached.known.delete(key);
        }
      }
      for (const [key, { at }] of cached.refused) if (now - at >= REFUSAL_MEMORY_MS) cached.refused.delete(key);
      if (cached.known.size === 0 && cached.sockets.size === 0 && cached.refused.size === 0) {
        this.rentals.delete(rentalId);
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
