import fs from 'node:fs';
import type net from 'node:net';
import { sourceKey } from '../lib/failure-throttle';
import { refusals } from '../metrics/metrics';
import { acceptedAt } from './proxy-protocol';

export interface ConnectionLimits {
  /** Connections from one source that have not finished authentication. */
  maxPendingPerSource: number;
  /** Every gateway connection of this process, both fronts together. */
  maxConnections: number;
  /** A client that has not authenticated by then is dropped. */
  handshakeTimeoutMs: number;
}

export type Refusal =
  'pending-per-source' | 'total' | 'handshake-timeout' | 'auth-throttled' | 'rental-connections' | 'rental-sources';

/** What was refused since start, by reason (the metrics read these). */
export type RefusalCounts = Record<Refusal, number>;

interface Tracked {
  source: string;
  pending: boolean;
  timer: NodeJS.Timeout | null;
}

/**
 * Admission control for both gateway fronts: one source cannot hold more than a few
 * unauthenticated connections, the process never takes more connections than its descriptors
 * allow beside the API, and a client that does not finish its handshake or request headers in
 * time is dropped. A connection stops counting as pending once its credentials were accepted.
 */
export class ConnectionGuard {
  readonly refused: RefusalCounts = {
    'pending-per-source': 0,
    total: 0,
    'handshake-timeout': 0,
    'auth-throttled': 0,
    'rental-connections': 0,
    'rental-sources': 0,
  };
  private readonly pendingBySource = new Map<string, number>();
  private readonly tracked = new WeakMap<net.Socket, Tracked>();
  private open = 0;

  constructor(
    private readonly limits: ConnectionLimits,
    /** Told of every refusal; the gateway logs them at most once per source per minute. */
    private readonly onRefused: (reason: Refusal, source: string) => void = () => undefined,
  ) {}

  get openConnections(): number {
    return this.open;
  }

  pending(source: string): number {
    return this.pendingBySource.get(sourceKey(source)) ?? 0;
  }

  /** Takes a new client connection in, or destroys it at once; answers whether it was admitted. */
  admit(socket: net.Socket): boolean {
    // An own port (IP authorization) admits before it hands the socket to a front, which admits again.
    if (this.tracked.has(socket)) return !socket.destroyed;
    const source = sourceKey(socket.remoteAddress);
    if (this.open >= this.limits.maxConnections) return this.refuse(socket, 'total', source);
    const pending = this.pendingBySource.get(source) ?? 0;
    if (pending >= this.limits.maxPendingPerSource) return this.refuse(socket, 'pending-per-source', source);
    this.open += 1;
    this.pendingBySource.set(source, pending + 1);
    const entry: Tracked = { source, pending: true, timer: null };
    // Counted from accept: time spent on a PROXY protocol header is part of the handshake.
    const waited = Date.now() - (acceptedAt(socket) ?? Date.now());
    entry.timer = setTimeout(
      () => {
        if (!entry.pending) return;
        this.count('handshake-timeout', source);
        socket.destroy();
      },
      Math.max(0, this.limits.handshakeTimeoutMs - waited),
    );
    entry.timer.unref();
    this.tracked.set(socket, entry);
    socket.once('close', () => {
      this.open -= 1;
      this.settle(entry);
    });
    return true;
  }

  /** A socket layered over an admitted one (TLS) is the same connection: one entry, one deadline. */
  alias(outer: net.Socket, inner: net.Socket): void {
    const entry = this.tracked.get(inner);
    if (entry) this.tracked.set(outer, entry);
  }

  /** The client's credentials were accepted: it no longer counts against the pending limits. */
  authenticated(socket: net.Socket): void {
    const entry = this.tracked.get(socket);
    if (entry) this.settle(entry);
  }

  /** A refusal made elsewhere (the failed-login throttle), counted and logged with the others. */
  count(reason: Refusal, source: string): void {
    this.refused[reason] += 1;
    refusals.inc({ limit: `gateway_${reason}` });
    this.onRefused(reason, source);
  }

  private refuse(socket: net.Socket, reason: Refusal, source: string): false {
    this.count(reason, source);
    socket.destroy();
    return false;
  }

  private settle(entry: Tracked): void {
    if (!entry.pending) return;
    entry.pending = false;
    if (entry.timer) clearTimeout(entry.timer);
    const left = (this.pendingBySource.get(entry.source) ?? 1) - 1;
    if (left > 0) this.pendingBySource.set(entry.source, left);
    else this.pendingBySource.delete(entry.source);
  }
}

/** Descriptors kept for the API, the database and logs when the gateway shares their process. */
const RESERVED_DESCRIPTORS = 1024;
const DEFAULT_DESCRIPTOR_LIMIT = 1024;

/**
 * The default overall cap: each relayed connection holds two descriptors (client and target),
 * and a share of the process's limit is kept free so the API always answers. Linux only tells
 * the limit through /proc; elsewhere the conservative 1024 of most systems is assumed.
 */
export function defaultMaxConnections(limit: number = openFilesLimit()): number {
  const reserve = Math.max(Math.min(RESERVED_DESCRIPTORS, Math.floor(limit / 2)), Math.floor(limit / 4));
  return Math.max(16, Math.floor((limit - reserve) / 2));
}

export function openFilesLimit(): number {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits)?.[1];
    if (soft === 'unlimited') return 1_048_576;
    const value = Number(soft);
    return Number.isFinite(value) && value > 0 ? value : DEFAULT_DESCRIPTOR_LIMIT;
  } catch {
    return DEFAULT_DESCRIPTOR_LIMIT;
  }
}

/** Logs something at most once per key per interval, with how many were left unlogged. */
export class QuietLog {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Answers the number of occurrences to report now, or 0 to stay quiet. */
  occurrence(key: string): number {
    const now = this.now();
    const entry = this.last.get(key);
    if (entry && now - entry.at < this.intervalMs) {
      entry.suppressed += 1;
      return 0;
    }
    if (!entry && this.last.size >= this.maxKeys) this.forgetOld(now);
    this.last.set(key, { at: now, suppressed: 0 });
    return 1 + (entry?.suppressed ?? 0);
  }

  private forgetOld(now: number): void {
    for (const [key, entry] of this.last) if (now - entry.at >= this.intervalMs) this.last.delete(key);
    for (const key of this.last.keys()) {
      if (this.last.size < this.maxKeys) break;
      this.last.delete(key);
    }
  }
}
