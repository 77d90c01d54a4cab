import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../src/db/advisory-locks';
import { rentals } from '../src/db/schema';
import { SocksClient } from 'socks';
import { downloadUntilCut, httpOverSocket, socksGet, until } from './gateway-kit';
import { buildTestApp, customerCall, type TestApp } from './helper';
import { connectedRentalRow } from './live-rental-kit';
import { startGatewayProcess } from './gateway-process-kit';
import { startOrigin } from './origin';

const postgres = Boolean(process.env.DATABASE_URL);

/** `npm run gateway` as processes of their own, on the PostgreSQL database of this test file. */
describe.skipIf(!postgres)('standalone gateway processes (PostgreSQL)', () => {
  let t: TestApp;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
    origin = await startOrigin();
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await origin.close();
    await t.close();
  });

  async function startProcess(databaseUrl: string, extraEnv: Record<string, string> = {}) {
    const gateway = await startGatewayProcess({
      DATABASE_URL: databaseUrl,
      // The origin is on loopback, which the gateway refuses except for its check target.
      GATEWAY_CHECK_URL: `${origin.url}/healthz`,
      ...extraEnv,
    });
    children.push(gateway.child);
    return gateway;
  }

  it('two processes both serve a rental, and both drop it within a second of its refund', async () => {
    const databaseUrl = t.database.url;
    expect(databaseUrl, 'the test database handle exposes its URL').toBeTruthy();
    const rental = await connectedRentalRow(t);

    // Started after the rental exists: a (re)started process loads every active rental.
    const ports = [(await startProcess(databaseUrl!)).socksPort, (await startProcess(databaseUrl!)).socksPort];
    const target = { host: '127.0.0.1', port: origin.port };
    for (const port of ports) {
      expect(await socksGet(port, rental!.username, rental!.password, target)).toContain('200 OK');
    }

    await t.database.db.update(rentals).set({ status: 'refunded' }).where(eq(rentals.id, rental!.id));
    const refundedAt = Date.now();
    for (const port of ports) {
      await until(async () => {
        try {
          await socksGet(port, rental!.username, rental!.password, target);
          return false;
        } catch {
          return true;
        }
      }, 1000);
    }
    expect(Date.now() - refundedAt).toBeLessThan(1500);
  }, 180_000);

  it('new credentials: a tunnel with the old password is cut within a second; the old one is refused, the new one works', async () => {
    const rental = await connectedRentalRow(t);
    const { socksPort } = await startProcess(t.database.url!);
    const target = { host: '127.0.0.1', port: origin.port };
    const { socket } = await SocksClient.createConnection({
      proxy: { host: '127.0.0.1', port: socksPort, type: 5, userId: rental.username, password: rental.password },
      command: 'connect',
      destination: target,
    });
    const cut = downloadUntilCut(socket);

    const changedAt = Date.now();
    const response = await customerCall(t, rental.apiKey).post('/api/proxy/credentials', {
      proxy_id: rental.proxyId,
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json<{ proxy_pwd: string }>().proxy_pwd;
    expect(fresh).not.toBe(rental.password);

    // The API process changed the row; the gateway process learns it from the database alone.
    expect((await cut).closedAt - changedAt).toBeLessThan(1000);
    await until(async () => {
      try {
        return (await socksGet(socksPort, rental.username, fresh, target)).includes('200 OK');
      } catch {
        return false;
      }
    }, 1000);
    await expect(socksGet(socksPort, rental.username, rental.password, target)).rejects.toThrow();
  }, 180_000);

  it('stops with exit code 0 on SIGTERM while it is still starting (its migration waits on a lock)', async () => {
    // The migration lock held here keeps the gateway's start at its migration, /readyz at 503.
    const holder = new pg.Client({ connectionString: t.database.url! });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    try {
      const gateway = await startGatewayProcess(
        { DATABASE_URL: t.database.url!, SHUTDOWN_DELAY_SECONDS: '0' },
        async (_, ports) =>
          fetch(`http://127.0.0.1:${ports.metrics}/readyz`).then(
            (response) => response.status === 503,
            () => false,
          ),
      );
      children.push(gateway.child);
      expect(gateway.output()).not.toContain('gateway listening');
      gateway.child.kill('SIGTERM');
      expect(await gateway.exited).toBe(0);
      expect(gateway.output()).toContain('gateway stopping');
    } finally {
      await holder.end();
    }
  }, 120_000);

  it('serves metrics and readiness on its metrics port, and drains tunnels on SIGTERM', async () => {
    const rental = await connectedRentalRow(t);
    const token = 'gateway-metrics-token';
    const gateway = await startProcess(t.database.url!, { METRICS_TOKEN: token, GATEWAY_DRAIN_SECONDS: '30' });
    const probe = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${gateway.metricsPort}${path}`, { headers });
    expect((await probe('/readyz')).status).toBe(200);
    expect((await probe('/metrics')).status).toBe(401);

    const { socket } = await SocksClient.createConnection({
      proxy: {
        host: '127.0.0.1',
        port: gateway.socksPort,
        type: 5,
        userId: rental!.username,
        password: rental!.password,
      },
      command: 'connect',
      destination: { host: '127.0.0.1', port: origin.port },
    });
    const metrics = await (await probe('/metrics', { authorization: `Bearer ${token}` })).text();
    expect(metrics).toMatch(/^proxyport_gateway_active_connections\{front="socks5"\} 1$/m);

    gateway.child.kill('SIGTERM');
    await until(async () => (await probe('/readyz')).status === 503, 5_000);
    expect(await (await probe('/readyz')).json()).toEqual({ status: 'stopping' });
    // The tunnel opened before the stop still works; the process exits once it has ended.
    expect(await httpOverSocket(socket, '/during-drain')).toContain('"path":"/during-drain"');
    expect(await gateway.exited).toBe(0);
  }, 180_000);
});
