import type { Redis } from 'ioredis';
import { FailureThrottle, sourceKey, type FailureThrottleOptions } from './failure-throttle';

/**
 * Failed logins counted in this process and, with REDIS_URL, across all processes:
 * N API processes then allow what one allows, not N times as many. The Redis count is a key per
 * source that lives for one window from its first failure (`SET NX PX`, then `INCR`), the same
 * fixed window as the in-process count. The local count is always kept too, so a Redis outage
 * leaves each process its own limit instead of none.
 */
export class SharedFailureCount {
  private readonly local: FailureThrottle;

  constructor(private readonly options: FailureThrottleOptions & { redis: Redis | null; name: string }) {
    this.local = new FailureThrottle(options);
  }

  private key(source: string): string {
    return `proxyport-failures-${this.options.name}-${sourceKey(source)}`;
  }

  /**
   * Milliseconds until the source may try again; 0 when it is not refused. A plain number when
   * this process can tell alone (no Redis, or refused here already), so the every-request path
   * without Redis never waits for a promise.
   */
  blockedForMs(source: string): number | Promise<number> {
    const local = this.local.blockedForMs(source);
    const { redis } = this.options;
    if (local > 0 || !redis) return local;
    return this.sharedBlockedForMs(redis, source);
  }

  private async sharedBlockedForMs(redis: Redis, source: string): Promise<number> {
    try {
      const answers = await redis.multi().get(this.key(source)).pttl(this.key(source)).exec();
      const failures = Number(answers?.[0]?.[1] ?? 0);
      const ttl = Number(answers?.[1]?.[1] ?? 0);
      return failures >= this.options.maxFailures && ttl > 0 ? ttl : 0;
    } catch {
      return 0;
    }
  }

  async recordFailure(source: string): Promise<void> {
    this.local.recordFailure(source);
    const { redis } = this.options;
    if (!redis) return;
    const key = this.key(source);
    await redis
      .multi()
      .set(key, 0, 'PX', this.options.windowMs, 'NX')
      .incr(key)
      .exec()
      .catch(() => undefined);
  }
}
