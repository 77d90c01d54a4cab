import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rentals } from '../db/schema';

export interface ProvisionTarget {
  rentalId: number;
  username: string;
  upstream: string;
}

export interface CheckResult {
  ok: boolean;
  reason?: string;
}

/**
 * Decides whether a rental's access works (waiting_up -> connected, refund eligibility).
 * The gateway replaces this with a real connection through the upstream.
 */
export interface Provisioner {
  check(target: ProvisionTarget): Promise<CheckResult>;
}

const CONNECT_TIMEOUT_MS = 3000;

/**
 * Until the gateway lands: a `direct` upstream works when the rental's gateway credentials exist;
 * a SOCKS5 or HTTP upstream when a TCP connection to it opens. Never a timer that always succeeds.
 */
export function createBasicProvisioner(db: Queryable, timeoutMs = CONNECT_TIMEOUT_MS): Provisioner {
  return {
    async check(target) {
      if (target.upstream === 'direct') {
        const [row] = await db
          .select({ id: rentals.id })
          .from(rentals)
          .where(and(eq(rentals.id, target.rentalId), eq(rentals.username, target.username)))
          .limit(1);
        return row ? { ok: true } : { ok: false, reason: 'gateway credentials not found' };
      }
      let url: URL;
      try {
        url = new URL(target.upstream);
      } catch {
        return { ok: false, reason: 'upstream is not a valid URL' };
      }
      return tcpReachable(url.hostname.replace(/^\[|\]$/g, ''), Number(url.port), timeoutMs);
    },
  };
}

export function tcpReachable(host: string, port: number, timeoutMs: number): Promise<CheckResult> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result: CheckResult) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () =>
      done({ ok: false, reason: `no answer from ${host}:${port} in ${timeoutMs} ms` }),
    );
    socket.once('connect', () => done({ ok: true }));
    socket.once('error', (error) => done({ ok: false, reason: error.message }));
  });
}
