import net from 'node:net';
import type { Clock } from '../clock';

export interface FailureThrottleOptions {
  /** Failures within one window after which the source is refused until the window ends. */
  maxFailures: number;
  windowMs: number;
  clock: Clock;
  /** Sources remembered at most: a flood of spoofed-looking addresses cannot grow memory without bound. */
  maxTracked?: number;
}

interface Window {
  startedAt: number;
  failures: number;
}

/**
 * Counts failed logins per source address in a fixed window that starts with the first failure
 *: after `maxFailures`, every attempt from that source is refused, the right
 * credentials included, for the rest of the window; other sources are unaffected.
 */
export class FailureThrottle {
  private readonly windows = new Map<string, Window>();
  private readonly maxTracked: number;

  constructor(private readonly options: FailureThrottleOptions) {
    this.maxTracked = options.maxTracked ?? 100_000;
  }

  /** Milliseconds until the source may try again; 0 when it is not refused. */
  blockedForMs(source: string): number {
    const window = this.current(sourceKey(source));
    if (!window || window.failures < this.options.maxFailures) return 0;
    return window.startedAt + this.options.windowMs - this.options.clock.now().getTime();
  }

  isBlocked(source: string): boolean {
    return this.blockedForMs(source) > 0;
  }

  /** Counts one failure; answers whether the source is now refused. */
  recordFailure(source: string): boolean {
    const key = sourceKey(source);
    const window = this.current(key);
    if (window) {
      window.failures += 1;
      return window.failures >= this.options.maxFailures;
    }
    if (this.windows.size >= this.maxTracked) this.prune();
    this.windows.set(key, { startedAt: this.options.clock.now().getTime(), failures: 1 });
    return this.options.maxFailures <= 1;
  }

  /** How many sources are remembered now (for tests and metrics). */
  get tracked(): number {
    return this.windows.size;
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (!window) return undefined;
    if (window.startedAt + this.options.windowMs <= this.options.clock.now().getTime()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune(): void {
    const now = this.options.clock.now().getTime();
    for (const [key, window] of this.windows) {
      if (window.startedAt + this.options.windowMs <= now) this.windows.delete(key);
    }
    // Still full of live windows: forget the oldest (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxTracked) break;
      this.windows.delete(key);
    }
  }
}

/**
 * The unit a limit applies to: an IPv4 address (IPv4-mapped IPv6 included), or the /64 network of
 * an IPv6 address, since one IPv6 subscriber usually holds a whole /64 and could rotate within it.
 */
export function sourceKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(address)) return `${ipv6Prefix64(address)}::/64`;
  return address;
}

function ipv6Prefix64(address: string): string {
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups]
    : headGroups;
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':');
}
