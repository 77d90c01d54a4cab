import os from 'node:os';
import type { Clock } from '../clock';
import type { Queryable } from '../db/client';
import { deleteGatewayHeartbeat, touchGatewayHeartbeat, upsertGatewayHeartbeat } from './ops-repository';
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
  await upsertGatewayHeartbeat(db, id, now);
  const timer = setInterval(() => {
    void touchGatewayHeartbeat(db, id, clock.now()).catch(() => undefined);
  }, GATEWAY_HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await deleteGatewayHeartbeat(db, id).catch(() => undefined);
  };
}
