import dgram from 'node:dgram';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies, rentals } from '../db/schema';
import { addProxies, buildTestApp, customerCall, type TestApp } from '../../test/helper';
import { connectedRental, connectedRentalRow, startTestGateway } from '../../test/live-rental-kit';
import { freePortRange, listedOnOwnPort, rentedForIpAuth } from '../../test/ip-auth-kit';
import { danteUpstream } from '../../test/dante-upstream';
import { socksUpstream } from '../../test/socks-upstream';
import { udpEcho } from '../../test/udp-echo';
import type { Gateway } from './gateway';
import { until } from '../../test/gateway-kit';
import { udpFrame } from './udp-frame';
import { closedWithin, udpClient } from '../../test/udp-kit';

let t: TestApp;
let gateway: Gateway;
let echo: Awaited<ReturnType<typeof udpEcho>>;
/** A second UDP service on loopback the policy does not except: a private target. */
let internal: Awaited<ReturnType<typeof udpEcho>>;
let range: { first: number; last: number };
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  echo = await udpEcho();
  internal = await udpEcho();
  range = await freePortRange(2, ['127.0.0.1']);
  t = await buildTestApp({
    env: { REGISTER_RATE_LIMIT: '1000', GATEWAY_PORT_RANGE: `${range.first}-${range.last}` },
  });
  // Private targets refused as in production, but for the echo (as the demo's /healthz is).
  gateway = await startTestGateway(t, {
    handshakeTimeoutMs: 2000,
    privateTargets: 'deny',
    privateTargetException: `http://127.0.0.1:${echo.port}/`,
    udpMaxPerRental: 3,
  });
});
afterAll(async () => {
  await gateway.close();
  for (const stop of stops) await stop();
  await echo.close();
  await internal.close();
  await t.close();
});

const target = () => ({ host: '127.0.0.1', port: echo.port });

async function upstream(udp: boolean): Promise<string> {
  const server = await socksUpstream(0, { udp });
  stops.push(server.stop);
  return server.url;
}

describe('UDP ASSOCIATE on the SOCKS port', () => {
  it.each(['direct', 'socks5'])('echoes datagrams through a %s upstream and counts their bytes', async (kind) => {
    const rental = await connectedRental(t, gateway.store, kind === 'direct' ? 'direct' : await upstream(true));
    const client = await udpClient(gateway.socksPort, { login: { user: rental.user, pass: rental.pass } });
    try {
      expect(await client.exchange(target(), 'ping one')).toBe('ping one');
      // By name too: a `direct` rental's gateway resolves it, an upstream resolves it itself.
      expect(await client.exchange({ host: 'localhost', port: echo.port }, 'ping two')).toBe('ping two');
      await gateway.store.flushTraffic();
      const [row] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
      expect(row).toMatchObject({ bytesUp: 16, bytesDown: 16 });
    } finally {
      client.close();
    }
  });

  it("echoes through Debian's dante as a real SOCKS5 upstream", async ({ skip }) => {
    const dante = await danteUpstream();
    if (!dante) return skip('dante-server (/usr/sbin/danted) is not installed or does not start here');
    try {
      const rental = await connectedRental(t, gateway.store, dante.url);
      const client = await udpClient(gateway.socksPort, { login: { user: rental.user, pass: rental.pass } });
      expect(await client.exchange(target(), 'through dante')).toBe('through dante');
      expect(await client.exchange({ host: 'localhost', port: echo.port }, 'by name')).toBe('by name');
      client.close();
    } finally {
      dante.stop();
    }
  });

  it('is refused when the upstream refuses UDP or is an HTTP proxy', async () => {
    for (const upstreamUrl of [await upstream(false), 'http://user:pass@127.0.0.1:9']) {
      const rental = await connectedRental(t, gateway.store, upstreamUrl);
      await expect(udpClient(gateway.socksPort, { login: { user: rental.user, pass: rental.pass } })).rejects.toThrow(
        /CommandNotSupported/,
      );
    }
  });

  it('drops datagrams to private targets and blocked ports, and answers only the client address', async () => {
    const rental = await connectedRental(t, gateway.store);
    const client = await udpClient(gateway.socksPort, { login: { user: rental.user, pass: rental.pass } });
    try {
      const before = internal.received();
      expect(await client.exchange({ host: '127.0.0.1', port: internal.port }, 'inside', 300)).toBeNull();
      expect(await client.exchange({ host: 'localhost', port: internal.port }, 'inside', 300)).toBeNull();
      expect(await client.exchange({ host: '127.0.0.1', port: 25 }, 'smtp', 300)).toBeNull();
      expect(internal.received()).toBe(before);
      // The association still works for allowed targets.
      expect(await client.exchange(target(), 'still here')).toBe('still here');

      // Another address sending to the relay reaches nothing.
      const stranger = dgram.createSocket('udp4');
      await new Promise<void>((resolve) => stranger.bind(0, '127.0.0.2', resolve));
      const echoed = echo.received();
      stranger.send(udpFrame('127.0.0.1', echo.port, Buffer.from('spoof')), client.relay.port, client.relay.host);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(echo.received()).toBe(echoed);
      stranger.close();
    } finally {
      client.close();
    }
  });

  it('ends the association at once when its control connection closes, and keeps a bound per rental', async () => {
    const rental = await connectedRental(t, gateway.store);
    const login = { user: rental.user, pass: rental.pass };
    const open = gateway.udp.open;
    const clients = [await udpClient(gateway.socksPort, { login }), await udpClient(gateway.socksPort, { login })];
    clients.push(await udpClient(gateway.socksPort, { login }));
    expect(gateway.udp.open).toBe(open + 3);
    // The fourth of one rental (udpMaxPerRental 3): "not allowed by ruleset".
    await expect(udpClient(gateway.socksPort, { login })).rejects.toThrow(/NotAllowed/);
    clients[0]!.control.destroy();
    await until(() => gateway.udp.open === open + 2, 1000);
    const again = await udpClient(gateway.socksPort, { login });
    expect(await again.exchange(target(), 'after')).toBe('after');
    for (const client of [...clients, again]) client.close();
    await until(() => gateway.udp.open === open, 1000);
  });
});

describe('the cut', () => {
  it('ends associations at end_time and refuses new ones', async () => {
    const rental = await connectedRental(t, gateway.store, 'direct', 1200);
    const login = { user: rental.user, pass: rental.pass };
    const client = await udpClient(gateway.socksPort, { login });
    expect(await client.exchange(target(), 'before the end')).toBe('before the end');
    expect(await closedWithin(client.control, 2200)).toBe(true);
    expect(await client.exchange(target(), 'after the end', 300)).toBeNull();
    client.close();
    await expect(udpClient(gateway.socksPort, { login })).rejects.toThrow();
  });

  it('ends associations on a new password; the old one is refused, the new one works', async () => {
    const row = await connectedRentalRow(t, await upstream(true));
    const { apiKey } = row;
    const rental = { user: row.username, pass: row.password, proxyId: row.proxyId };
    await until(() => gateway.store.authorize(rental.user, rental.pass) !== null);
    const client = await udpClient(gateway.socksPort, { login: { user: rental.user, pass: rental.pass } });
    expect(await client.exchange(target(), 'old')).toBe('old');
    const renewed = await customerCall(t, apiKey).post('/api/proxy/credentials', { proxy_id: rental.proxyId });
    expect(renewed.statusCode).toBe(200);
    const pass = renewed.json<{ proxy_pwd: string }>().proxy_pwd;
    expect(await closedWithin(client.control, 1000)).toBe(true);
    client.close();
    await expect(udpClient(gateway.socksPort, { login: { user: rental.user, pass: rental.pass } })).rejects.toThrow();
    await until(() => gateway.store.authorize(rental.user, pass) !== null);
    const fresh = await udpClient(gateway.socksPort, { login: { user: rental.user, pass } });
    expect(await fresh.exchange(target(), 'new')).toBe('new');
    fresh.close();
  });

  it('ends associations when the proxy is disabled', async () => {
    const rental = await connectedRental(t, gateway.store);
    const client = await udpClient(gateway.socksPort, { login: { user: rental.user, pass: rental.pass } });
    expect(await client.exchange(target(), 'enabled')).toBe('enabled');
    await t.database.db.update(proxies).set({ enabled: false }).where(eq(proxies.id, rental.proxyId));
    expect(await closedWithin(client.control, 1000)).toBe(true);
    expect(await client.exchange(target(), 'disabled', 300)).toBeNull();
    client.close();
  });

  it('ends associations when a replacement moves the rental to another proxy', async () => {
    const rental = await connectedRental(t, gateway.store, await upstream(true));
    const login = { user: rental.user, pass: rental.pass };
    const client = await udpClient(gateway.socksPort, { login });
    expect(await client.exchange(target(), 'first proxy')).toBe('first proxy');
    // What a replacement writes: the rental on another proxy, same credentials.
    const [next] = await addProxies(t, 1, { upstream: 'direct' });
    await t.database.db.update(rentals).set({ proxyId: next! }).where(eq(rentals.id, rental.id));
    expect(await closedWithin(client.control, 1000)).toBe(true);
    client.close();
    await until(() => gateway.store.authorize(rental.user, rental.pass)?.upstream === 'direct');
    const moved = await udpClient(gateway.socksPort, { login });
    expect(await moved.exchange(target(), 'second proxy')).toBe('second proxy');
    moved.close();
  });
});

describe("a rental's own port (IP authorization)", () => {
  it('associates without a password from a listed address, through the upstream, and not from others', async () => {
    const rental = await rentedForIpAuth(t, gateway);
    const through = await upstream(true);
    await t.database.db.update(proxies).set({ upstream: through }).where(eq(proxies.id, rental.proxyId));
    await until(() => gateway.store.authorize(rental.user, rental.pass)?.upstream === through);
    const port = await listedOnOwnPort(t, gateway, rental, ['127.0.0.1']);
    const client = await udpClient(port);
    expect(await client.exchange(target(), 'own port')).toBe('own port');
    await expect(udpClient(port, { from: '127.0.0.2' })).rejects.toThrow();
    // A new password ends what the listed address opened too.
    const renewed = await customerCall(t, rental.apiKey).post('/api/proxy/credentials', { proxy_id: rental.proxyId });
    expect(renewed.statusCode).toBe(200);
    expect(await closedWithin(client.control, 1000)).toBe(true);
    client.close();
  });
});
