import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/client';
import { gatewayHeartbeats } from '../db/schema';
import { GATEWAY_HEARTBEAT_MS } from './ops-watch';

/**
 * A gateway process's row in `gateway_heartbeats`, renewed every GATEWAY_HEARTBEAT_MS and removed
 * at a clean stop: a row left behind and not renewed is a gateway gone (ops-watch.ts). The row is
 * named by host and ports, so a gateway restarted in the same place takes its row back and the
 * alert ends. A renewal the database refuses is skipped (the database alert says why). Answers
 * the stop function.
 */
export async function startHeartbeat(
  db: Queryable,
  clock: Clock,
  ports: { socks: number; http: number },
): Promise<() => Promise<void>> {
  const id = `${os.hostname()} socks5:${ports.socks} http:${ports.http}`;
  const now = clock.now();
  await db
    .insert(gatewayHeartbeats)
    .values({ id, startedAt: now, seenAt: now })
    .onConflictDoUpdate({ target: gatewayHeartbeats.id, set: { startedAt: now, seenAt: now } });
  const timer = setInterval(() => {
    void db
      .update(gatewayHeartbeats)
      .set({ seenAt: clock.now() })
      .where(eq(gatewayHeartbeats.id, id))
      .catch(() => undefined);
  }, GATEWAY_HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await db
      .delete(gatewayHeartbeats)
      .where(eq(gatewayHeartbeats.id, id))
      .catch(() => undefined);
  };
}
