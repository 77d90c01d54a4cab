import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/client';
import { gatewayHeartbeats } from '../db/schema';
import { GATEWAY_HEARTBEAT_MS } from './ops-watch';

/**
 * A gateway process's row in `gateway_heartbeats`, renewed every GATEWAY_HEARTBEAT_MS and removed
 * at a clean stop: a row left behind and not renewed is a gateway gone (ops-watch.ts). A renewal
 * the database refuses is skipped (the database alert says why). Answers the stop function.
 */
export async function startHeartbeat(db: Queryable, clock: Clock): Promise<() => Promise<void>> {
  const id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const now = clock.now();
  await db.insert(gatewayHeartbeats).values({ id, startedAt: now, seenAt: now });
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
