import { timingSafeEqual, createHash } from 'node:crypto';
import { HOUR_MS, RENTAL_STATUS } from '@portal/contract';
import type { Clock } from '../clock';
import { gatewayBytes } from '../metrics/metrics';
import type { UsageSink } from './gateway-link';

export interface Access {
  rentalId: number;
  username: string;
  password: string;
  status: string;
  endTime: Date;
  upstream: string;
  proxyEnabled: boolean;
  /** The proxy's own cap on concurrent connections; null: the gateway's default. */
  maxConnections: number | null;
  /** The proxy's own limit on client addresses per rental; null: the gateway's default. */
  maxSourceIps: number | null;
}

interface Meter {
  rentalId: number;
  read: () => { up: number; down: number };
  /** What was counted already. */
  up: number;
  down: number;
}

/** setTimeout holds at most 2^31-1 ms (~24.8 days); longer rentals re-arm on the way. */
const MAX_TIMER_MS = 2_147_483_647;
/** How often counted bytes are handed on, unless the link says otherwise. */
export const FLUSH_MS = 5000;
const SWEEP_MS = 500;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * What every gateway process knows about rental credentials. Filled whole at start and kept
 * current by the gateway's link (database notifications, or a node's stream from the API); it
 * also enforces time on its own: each rental has a timer that closes its connections at
 * end_time, whatever the jobs are doing and whether or not the shop is reachable.
 */
export class CredentialStore {
  private readonly byUsername = new Map<string, Access>();
  private readonly connections = new Map<number, Set<() => void>>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly traffic = new Map<number, { up: number; down: number }>();
  private readonly meters = new Set<Meter>();
  /** Rentals whose activity this process wrote since its last flush (see `meter`). */
  private readonly announced = new Set<number>();
  /** Dials waiting at a rental's upstream proxy, by rental (see `holding`). */
  private readonly waiting = new Map<number, number>();
  private readonly flusher: NodeJS.Timeout;

  constructor(
    private readonly sink: UsageSink,
    private readonly clock: Clock,
    flushMs = FLUSH_MS,
  ) {
    this.flusher = setInterval(() => void this.flushTraffic().catch(() => undefined), flushMs);
    this.flusher.unref();
    // A safety net under the per-rental timers (a clock jump, a timer that was not re-armed).
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  private readonly sweeper: NodeJS.Timeout;

  private sweep(): void {
    // Most sweeps find nothing open: no need to walk every rental served.
    if (this.connections.size === 0) return;
    const served = new Set<number>();
    for (const access of this.byUsername.values()) if (this.isUsable(access)) served.add(access.rentalId);
    // Also a rental no longer served at all: its connections end with it.
    for (const rentalId of [...this.connections.keys()]) if (!served.has(rentalId)) this.cut(rentalId);
  }

  /** Everything this process serves, replaced whole: what is not in `rows` is forgotten. */
  replaceAll(rows: readonly Access[]): void {
    const seen = new Set(rows.map((row) => row.username));
    for (const username of [...this.byUsername.keys()]) if (!seen.has(username)) this.forget(username);
    for (const row of rows) this.put(row);
  }

  /** Usernames known now (a node checks its stream's changes against them). */
  get size(): number {
    return this.byUsername.size;
  }

  has(username: string): boolean {
    return this.byUsername.has(username);
  }

  isUsable(access: Access): boolean {
    return (
      access.status === RENTAL_STATUS.connected &&
      access.proxyEnabled &&
      access.endTime.getTime() > this.clock.now().getTime()
    );
  }

  /** The rental these credentials open, if they are right and it is usable now. */
  authorize(username: string, password: string): Access | null {
    const access = this.byUsername.get(username);
    if (!access) return null;
    // Compare digests: equal length, so the time taken says nothing about the password.
    if (!timingSafeEqual(digest(access.password), digest(password))) return null;
    return this.isUsable(access) ? access : null;
  }

  /** The rental of these credentials' username if it is usable now, without a password (IP authorization). */
  usable(username: string): Access | null {
    const access = this.byUsername.get(username);
    return access && this.isUsable(access) ? access : null;
  }

  /**
   * Whether the access a login found still holds: its rental is served here with the same
   * password and upstream, and is usable now. A client may log in, then wait before its request,
   * and a dial takes time: a new password, a move, a refund or the end may come in between.
   */
  stillServes(access: Access): boolean {
    const current = this.byUsername.get(access.username);
    return (
      current?.rentalId === access.rentalId &&
      current.password === access.password &&
      current.upstream === access.upstream &&
      this.isUsable(current)
    );
  }

  /**
   * Registers an open connection of the rental a login found; `close` cuts it. Answers the
   * unregister function. When that access no longer holds, the cut that ended it has already run:
   * `close` runs at once (once the caller has finished registering), as the cut would have.
   */
  track(access: Access, close: () => void): () => void {
    if (!this.stillServes(access)) {
      queueMicrotask(close);
      return () => undefined;
    }
    const { rentalId } = access;
    let set = this.connections.get(rentalId);
    if (!set) {
      set = new Set();
      this.connections.set(rentalId, set);
    }
    set.add(close);
    return () => set.delete(close);
  }

  openConnections(rentalId: number): number {
    return this.connections.get(rentalId)?.size ?? 0;
  }

  /**
   * Meters an open connection: `read` answers its payload bytes so far. Meters are read at every
   * flush, so a tunnel that stays open for hours shows its traffic as it goes and in the hours it
   * happened, not all at once when it closes. Answers the function to call at close.
   */
  meter(rentalId: number, read: () => { up: number; down: number }): () => void {
    const meter: Meter = { rentalId, read, up: 0, down: 0 };
    this.meters.add(meter);
    this.announce(rentalId);
    return () => {
      this.sample(meter);
      this.meters.delete(meter);
    };
  }

  /**
   * A dial that reached the rental's upstream proxy and waits on its answer: it holds one of the
   * upstream's client slots as a tunnel does, so the rental counts as carrying traffic meanwhile.
   * A renter's dials to a target that never answers would otherwise fill a small upstream's slots
   * unseen, and the check that fails for it would pass for a dead proxy. Answers the function to
   * call when the dial ends (its tunnel, if any, is metered from then on).
   */
  holding(rentalId: number): () => void {
    this.waiting.set(rentalId, (this.waiting.get(rentalId) ?? 0) + 1);
    this.announce(rentalId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.waiting.get(rentalId) ?? 1) - 1;
      if (left > 0) this.waiting.set(rentalId, left);
      else this.waiting.delete(rentalId);
    };
  }

  /**
   * The first tunnel or waiting dial of a rental since the last flush is written at once, not up
   * to a flush later: a customer who fills a small upstream's slots just before asking for a refund
   * or a replacement must be seen by the check that request runs. One write per rental per flush.
   */
  private announce(rentalId: number): void {
    if (this.announced.has(rentalId)) return;
    this.announced.add(rentalId);
    void this.sink.activity([rentalId], this.clock.now()).catch(() => undefined);
  }

  private sample(meter: Meter): void {
    const { up, down } = meter.read();
    this.countTraffic(meter.rentalId, up - meter.up, down - meter.down);
    meter.up = up;
    meter.down = down;
  }

  countTraffic(rentalId: number, up: number, down: number): void {
    if (up === 0 && down === 0) return;
    gatewayBytes.inc({ direction: 'up' }, up);
    gatewayBytes.inc({ direction: 'down' }, down);
    const entry = this.traffic.get(rentalId) ?? { up: 0, down: 0 };
    entry.up += up;
    entry.down += down;
    this.traffic.set(rentalId, entry);
  }

  async flushTraffic(): Promise<void> {
    // An open tunnel, a dial waiting at the upstream, or bytes that came back through the
    // upstream: the proxy is carrying this rental's traffic, which the API must know (rental-activity.ts). Bytes only sent up prove nothing.
    const active = new Set<number>();
    for (const meter of this.meters) {
      this.sample(meter);
      active.add(meter.rentalId);
    }
    for (const rentalId of this.waiting.keys()) active.add(rentalId);
    const pending = [...this.traffic.entries()];
    this.traffic.clear();
    this.announced.clear();
    const now = this.clock.now();
    for (const [rentalId, { down }] of pending) if (down > 0) active.add(rentalId);
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const entries = pending.map(([rentalId, { up, down }]) => ({ rentalId, hour, up, down }));
    await this.sink.usage(entries, [...active], now);
  }

  async close(): Promise<void> {
    clearInterval(this.flusher);
    clearInterval(this.sweeper);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const rentalId of [...this.connections.keys()]) this.cut(rentalId);
    await this.flushTraffic();
  }

  /** One rental as it is now: a changed password or upstream, or an end, cuts what is open. */
  put(row: Access): void {
    const previous = this.byUsername.get(row.username);
    this.byUsername.set(row.username, row);
    const passwordChanged = previous !== undefined && previous.password !== row.password;
    // A replacement moved the rental: what is open still goes through the old upstream.
    const upstreamChanged = previous !== undefined && previous.upstream !== row.upstream;
    if (!this.isUsable(row) || passwordChanged || upstreamChanged) this.cut(row.rentalId);
    this.arm(row);
  }

  /** The rental is no longer served here: its connections are cut. */
  forget(username: string): void {
    const access = this.byUsername.get(username);
    if (!access) return;
    this.byUsername.delete(username);
    this.cut(access.rentalId);
    clearTimeout(this.timers.get(access.rentalId));
    this.timers.delete(access.rentalId);
  }

  /** Closes the rental's connections when its time is over; re-armed by every update. */
  private arm(access: Access): void {
    clearTimeout(this.timers.get(access.rentalId));
    if (!this.isUsable(access)) {
      this.timers.delete(access.rentalId);
      return;
    }
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, access.endTime.getTime() - this.clock.now().getTime()));
    const timer = setTimeout(() => {
      const current = this.byUsername.get(access.username);
      if (!current) return;
      if (this.isUsable(current)) this.arm(current);
      else this.cut(current.rentalId);
    }, wait);
    timer.unref();
    this.timers.set(access.rentalId, timer);
  }

  private cut(rentalId: number): void {
    const set = this.connections.get(rentalId);
    if (!set) return;
    this.connections.delete(rentalId);
    for (const close of set) close();
  }
}
