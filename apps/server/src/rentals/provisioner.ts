import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rentals } from '../db/schema';
import { dial } from '../gateway/dialer';
import { ALLOW_ALL_TARGETS } from '../gateway/target-policy';

export interface ProvisionTarget {
  rentalId: number;
  username: string;
  upstream: string;
}

export interface CheckResult {
  ok: boolean;
  reason?: string;
}

/** Decides whether a rental's access works (waiting_up -> connected, health checks, refunds). */
export interface Provisioner {
  check(target: ProvisionTarget): Promise<CheckResult>;
}

/**
 * A rental works when the gateway has its credentials and a real HTTP request to the check
 * target (by default the portal's own /healthz) goes through its upstream, exactly the path a
 * customer's traffic takes after the gateway.
 */
export function createGatewayProvisioner(db: Queryable, checkUrl: string, timeoutMs = 5000): Provisioner {
  const url = new URL(checkUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 80);
  const request = `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`;
  return {
    async check(target) {
      const [row] = await db
        .select({ id: rentals.id })
        .from(rentals)
        .where(and(eq(rentals.id, target.rentalId), eq(rentals.username, target.username)))
        .limit(1);
      if (!row) return { ok: false, reason: 'the gateway has no credentials for this rental' };
      try {
        // Not the customers' policy: the check target is the operator's choice, often on loopback.
        const socket = await dial(target.upstream, host, port, ALLOW_ALL_TARGETS, timeoutMs);
        return await new Promise<CheckResult>((resolve) => {
          const done = (result: CheckResult) => {
            socket.destroy();
            resolve(result);
          };
          socket.setTimeout(timeoutMs, () => done({ ok: false, reason: 'the check target did not answer' }));
          socket.once('data', (chunk: Buffer) =>
            done(chunk.toString('latin1').startsWith('HTTP/1.') ? { ok: true } : { ok: false, reason: 'not HTTP' }),
          );
          socket.once('error', (error) => done({ ok: false, reason: error.message }));
          socket.once('end', () => done({ ok: false, reason: 'closed without an answer' }));
          socket.write(request);
        });
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
