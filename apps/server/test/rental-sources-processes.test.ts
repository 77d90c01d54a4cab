import type { ChildProcess } from 'node:child_process';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpOverSocket, until } from './gateway-kit';
import { TOO_MANY_SOURCES } from '../src/gateway/login-gate';
import { buildTestApp, customerCall, type TestApp } from './helper';
import { connectedRentalRow } from './live-rental-kit';
import { startGatewayProcess } from './gateway-process-kit';
import { startOrigin } from './origin';
import { connectFrom, httpGetFrom, socks4ReplyFrom, socksTunnelsFrom, type Login } from './sources-kit';

const postgres = Boolean(process.env.DATABASE_URL);

interface Front {
  socksPort: number;
  httpPort: number;
}

/**
 * The many-addresses rule across two `npm run gateway` processes on one PostgreSQL database:
 * the count of addresses is the database's, not each process's.
 */
describe.skipIf(!postgres)('client addresses per rental across gateway processes (PostgreSQL)', () => {
  let t: TestApp;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  const children: ChildProcess[] = [];
  const open: net.Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env: { RENTAL_MAX_SOURCE_IPS: '2' } });
    origin = await startOrigin();
  });
  afterAll(async () => {
    for (const socket of open) socket.destroy();
    for (const child of children) child.kill('SIGTERM');
    await origin.close();
    await t.close();
  });

  async function startProcess(): Promise<Front> {
    const gateway = await startGatewayProcess({
      DATABASE_URL: t.database.url!,
      // The origin is on loopback, which the gateway refuses except for its check target.
      GATEWAY_CHECK_URL: `${origin.url}/healthz`,
      RENTAL_MAX_SOURCE_IPS: '2',
    });
    children.push(gateway.child);
    return gateway;
  }

  const target = () => ({ host: '127.0.0.1', port: origin.port });

  async function tunnels(front: Front, login: Login, from: string, count: number) {
    const result = await socksTunnelsFrom(front.socksPort, login, target(), from, count);
    open.push(...result.sockets);
    return result;
  }

  /** SOCKS5 (reply 2), SOCKS4 (reply 91), plain HTTP and CONNECT (403 with the reason) all refuse `from` on this process. */
  async function expectRefused(front: Front, login: Login, from: string) {
    expect(await tunnels(front, login, from, 1)).toMatchObject({ refused: { refused: 'connect', code: 2 } });
    expect(await socks4ReplyFrom(front.socksPort, login, target(), from)).toBe(91);
    expect(await httpGetFrom(front.httpPort, login, `${origin.url}/refused`, from)).toEqual({
      status: 403,
      body: TOO_MANY_SOURCES,
    });
    expect(await connectFrom(front.httpPort, login, `127.0.0.1:${origin.port}`, from)).toMatch(
      /^HTTP\/1\.1 403 [^]*many addresses/,
    );
  }

  it('two addresses work with 20 connections each on either process; a third is refused on both until the customer clears the list', async () => {
    const rental = await connectedRentalRow(t);
    const login = { user: rental.username, pass: rental.password };
    const [a, b] = [await startProcess(), await startProcess()];

    // 127.0.0.2 on process A and 127.0.0.3 on process B, 20 connections at once each.
    const first = await tunnels(a, login, '127.0.0.2', 20);
    expect(first.refused).toBeNull();
    expect(first.sockets).toHaveLength(20);
    const second = await tunnels(b, login, '127.0.0.3', 20);
    expect(second.refused).toBeNull();
    expect(second.sockets).toHaveLength(20);
    expect(await httpOverSocket(second.sockets[0]!, '/through-b')).toContain('"path":"/through-b"');
    // Known addresses work on the other process and the other front as well.
    expect((await tunnels(b, login, '127.0.0.2', 1)).sockets).toHaveLength(1);
    for (const from of ['127.0.0.2', '127.0.0.3']) {
      expect((await httpGetFrom(a.httpPort, login, `${origin.url}/known`, from)).status).toBe(200);
    }

    // A third address, on each process and front, and twice at once on both: never admitted.
    await expectRefused(a, login, '127.0.0.4');
    await expectRefused(b, login, '127.0.0.4');
    const race = await Promise.all([tunnels(a, login, '127.0.0.5', 3), tunnels(b, login, '127.0.0.5', 3)]);
    expect(race.flatMap((result) => result.sockets)).toHaveLength(0);

    const customer = customerCall(t, rental.apiKey);
    const listed = await customer.get(`/api/proxy/sources?proxy_id=${rental.proxyId}`);
    expect(listed.json<{ sources: { address: string }[] }>().sources.map((row) => row.address)).toEqual([
      '127.0.0.2',
      '127.0.0.3',
    ]);
    expect((await customer.post('/api/proxy/sources/clear', { proxy_id: rental.proxyId })).json()).toEqual({
      success: true,
      cleared: 2,
    });

    // Both processes cut what the removed addresses held open, and 127.0.0.4 gets in on both.
    await until(() => [...first.sockets, ...second.sockets].every((socket) => socket.destroyed), 2000);
    await until(async () => (await httpGetFrom(a.httpPort, login, `${origin.url}/after`, '127.0.0.4')).status === 200);
    expect((await tunnels(a, login, '127.0.0.4', 20)).sockets).toHaveLength(20);
    expect((await tunnels(b, login, '127.0.0.4', 20)).sockets).toHaveLength(20);
    expect((await httpGetFrom(b.httpPort, login, `${origin.url}/after`, '127.0.0.4')).status).toBe(200);
    expect(await socks4ReplyFrom(b.socksPort, login, target(), '127.0.0.4')).toBe(90);
  }, 180_000);
});
