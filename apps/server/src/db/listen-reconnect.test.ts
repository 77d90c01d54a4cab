import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from './client';

/** PostgreSQL reached through a TCP relay that the test can cut off and restore. */
function relayTo(target: URL) {
  let down = false;
  let attempts = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    attempts += 1;
    if (down) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    cut: () => {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => (down = false),
    attempts: () => attempts,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('the LISTEN connection', () => {
  const target = new URL(databaseUrl ?? 'postgres://localhost/test');
  const relay = relayTo(target);
  afterAll(() => relay.close());

  it('tries again once a second while PostgreSQL is away, then listens again', async () => {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(await relay.listen());
    const handle = openPostgres(url.toString(), 1);
    const channel = `t_reconnect_${process.pid}`;
    const seen: string[] = [];
    let reconnects = 0;
    const stop = await handle.listen(
      [channel],
      (_channel, payload) => seen.push(payload),
      () => (reconnects += 1),
    );
    try {
      const before = relay.attempts();
      relay.cut();
      await new Promise((resolve) => setTimeout(resolve, 4500));
      // About one attempt a second (it used to double every second: 1 + 2 + 4 + 8 by now).
      expect(relay.attempts() - before).toBeLessThanOrEqual(6);
      relay.restore();
      const deadline = Date.now() + 3000;
      while (reconnects === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reconnects).toBe(1);
      const direct = new pg.Client({ connectionString: target.toString() });
      await direct.connect();
      await direct.query(`SELECT pg_notify($1, 'after')`, [channel]);
      await direct.end();
      while (!seen.includes('after') && Date.now() < deadline + 2000) await new Promise((r) => setTimeout(r, 20));
      expect(seen).toContain('after');
    } finally {
      await stop();
      await handle.close();
    }
  }, 20_000);
});
