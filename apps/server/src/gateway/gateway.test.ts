import dns from 'node:dns/promises';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { Server as ProxyChainServer } from 'proxy-chain';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { proxies, rentals } from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/helper';
import {
  connectedRental as connectedRentalOn,
  settledTraffic,
  startTestGateway as startGatewayOn,
} from '../../test/live-rental-kit';
import { startOrigin } from '../../test/origin';
import { closedPort, socksUpstream } from '../../test/socks-upstream';
import type { Gateway } from './gateway';
import { REFUSED } from './connect-tunnel';
import {
  basic,
  connectTunnel,
  downloadUntilCut,
  httpOverSocket,
  proxiedGet,
  rawConnect,
  socksGet,
  until,
} from '../../test/gateway-kit';

let t: TestApp;
let gateway: Gateway;
let origin: Awaited<ReturnType<typeof startOrigin>>;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  origin = await startOrigin();
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.close();
  for (const stop of stops) await stop();
  await origin.close();
  await t.close();
});

/**
 * A gateway on free loopback ports over this file's database, on the real clock (its timers cut
 * access). Its origins are on loopback, so private targets are allowed except where a test says.
 */
function startTestGateway(privateTargets: 'allow' | 'deny' = 'allow'): Promise<Gateway> {
  return startGatewayOn(t, {
    handshakeTimeoutMs: 400,
    privateTargets,
    privateTargetException: `${origin.url}/healthz`,
  });
}

interface Rental {
  id: number;
  proxyId: number;
  user: string;
  pass: string;
}

/** A bought rental made connected until `endInMs` from now (real time: the gateway's clock). */
function connectedRental(upstream = 'direct', endInMs = 3_600_000, g: Gateway = gateway): Promise<Rental> {
  return connectedRentalOn(t, g.store, upstream, endInMs);
}

async function httpUpstream(): Promise<string> {
  const server = new ProxyChainServer({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username, password }) => ({
      requestAuthentication: username !== 'up' || password !== 'pw',
    }),
  });
  await server.listen();
  stops.push(() => server.close(true));
  return `http://up:pw@127.0.0.1:${server.port}`;
}

const target = () => ({ host: '127.0.0.1', port: origin.port });

describe('both fronts, every upstream kind', () => {
  it.each(['direct', 'socks5', 'http'])('forwards through a %s upstream', async (kind) => {
    const upstream =
      kind === 'direct' ? 'direct' : kind === 'socks5' ? (await socksUpstream()).url : await httpUpstream();
    const { user, pass } = await connectedRental(upstream);

    expect(await socksGet(gateway.socksPort, user, pass, target())).toMatch(/^HTTP\/1\.1 200[\s\S]*"status":"ok"/);
    expect(await socksGet(gateway.socksPort, user, pass, { host: 'localhost', port: origin.port })).toContain('200 OK');

    const plain = await proxiedGet(gateway.httpPort, basic(user, pass), `${origin.url}/plain`);
    expect(plain).toMatchObject({ status: 200, body: expect.stringContaining('"path":"/plain"') });

    const tunnel = await connectTunnel(gateway.httpPort, basic(user, pass), `127.0.0.1:${origin.port}`);
    expect(tunnel.status).toBe(200);
    expect(await httpOverSocket(tunnel.socket!, '/through-tunnel')).toContain('"path":"/through-tunnel"');
  });

  it('connects to IPv6 targets', async ({ skip }) => {
    const server = net.createServer((socket) => socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nv6'));
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(0, '::1', () => resolve(true));
    });
    if (!listening) skip('no IPv6 loopback on this machine');
    try {
      const { user, pass } = await connectedRental();
      const port = (server.address() as net.AddressInfo).port;
      expect(await socksGet(gateway.socksPort, user, pass, { host: '::1', port })).toContain('v6');
    } finally {
      server.close();
    }
  });
});

describe('refusals', () => {
  it("refuses a wrong password, an unknown user, an expired and a refunded rental, and a disabled proxy's", async () => {
    const good = await connectedRental();
    const expired = await connectedRental();
    const refunded = await connectedRental();
    const disabled = await connectedRental();
    await t.database.db.update(rentals).set({ status: 'expired' }).where(eq(rentals.id, expired.id));
    await t.database.db.update(rentals).set({ status: 'refunded' }).where(eq(rentals.id, refunded.id));
    await t.database.db.update(proxies).set({ enabled: false }).where(eq(proxies.id, disabled.proxyId));
    await until(() => gateway.store.authorize(refunded.user, refunded.pass) === null);
    await until(() => gateway.store.authorize(disabled.user, disabled.pass) === null);

    for (const [user, pass] of [
      [good.user, 'wrong'],
      ['nobody', 'x'],
      [expired.user, expired.pass],
      [refunded.user, refunded.pass],
      [disabled.user, disabled.pass],
    ] as const) {
      await expect(socksGet(gateway.socksPort, user, pass, target())).rejects.toThrow();
      // One answer for every cause, naming them all: a stranger learns nothing of which names exist.
      expect(await proxiedGet(gateway.httpPort, basic(user, pass), `${origin.url}/x`)).toEqual({
        status: 407,
        body: REFUSED,
      });
      expect((await connectTunnel(gateway.httpPort, basic(user, pass), `127.0.0.1:${origin.port}`)).status).toBe(407);
    }
    expect((await proxiedGet(gateway.httpPort, null, `${origin.url}/x`)).status).toBe(407);
  });

  it('refuses the SMTP ports 25, 465 and 587', async () => {
    const { user, pass } = await connectedRental();
    for (const port of [25, 465, 587]) {
      await expect(socksGet(gateway.socksPort, user, pass, { host: '127.0.0.1', port })).rejects.toThrow();
      expect((await connectTunnel(gateway.httpPort, basic(user, pass), `127.0.0.1:${port}`)).status).toBe(403);
    }
  });
});

describe('private targets (GATEWAY_PRIVATE_TARGETS=deny, the default)', () => {
  it("keeps direct traffic off the gateway host's own services, but lets the check target through", async () => {
    let reached = 0;
    const internal = net.createServer((socket) => {
      reached += 1;
      socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\ninternal');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const port = (internal.address() as net.AddressInfo).port;
    const guarded = await startTestGateway('deny');
    try {
      const { user, pass } = await connectedRental('direct', 3_600_000, guarded);
      // The check target (the origin's /healthz here, the portal's own by default) still answers.
      expect(await socksGet(guarded.socksPort, user, pass, target())).toContain('"status":"ok"');

      for (const host of ['127.0.0.1', 'localhost', '::ffff:127.0.0.1', '0.0.0.0', '127.0.0.2']) {
        await expect(socksGet(guarded.socksPort, user, pass, { host, port })).rejects.toThrow(/NotAllowed/);
      }
      await expect(
        socksGet(guarded.socksPort, user, pass, { host: '127.0.0.1', port: guarded.httpPort }),
      ).rejects.toThrow(/NotAllowed/);
      const tunnel = await rawConnect(guarded.httpPort, basic(user, pass), `localhost:${port}`);
      expect(tunnel).toMatch(/^HTTP\/1\.1 403 [\s\S]*cannot be reached through this proxy/);
      for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
        expect(await proxiedGet(guarded.httpPort, basic(user, pass), url)).toMatchObject({
          status: 403,
          body: expect.stringContaining('cannot be reached through this proxy: loopback, private'),
        });
      }
      expect((await proxiedGet(guarded.httpPort, basic(user, pass), `${origin.url}/plain`)).status).toBe(200);
      expect(reached).toBe(0);
    } finally {
      await guarded.close();
      internal.close();
    }
  });
});

describe('name lookups of direct targets', () => {
  it('connects to exactly the addresses it checked, on all three paths', async () => {
    // Only the checking lookup knows this name: a second lookup at connect time would not find it.
    const realLookup = dns.lookup.bind(dns);
    const spy = vi
      .spyOn(dns, 'lookup')
      .mockImplementation(((hostname: string, options: { all: true }) =>
        hostname === 'checked.test'
          ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
          : realLookup(hostname, options)) as typeof dns.lookup);
    try {
      const { user, pass } = await connectedRental();
      const named = { host: 'checked.test', port: origin.port };
      expect(await socksGet(gateway.socksPort, user, pass, named)).toContain('"status":"ok"');
      const plain = await proxiedGet(gateway.httpPort, basic(user, pass), `http://checked.test:${origin.port}/plain`);
      expect(plain.status).toBe(200);
      const tunnel = await connectTunnel(gateway.httpPort, basic(user, pass), `checked.test:${origin.port}`);
      expect(await httpOverSocket(tunnel.socket!, '/named')).toContain('"path":"/named"');
    } finally {
      spy.mockRestore();
    }
  });

  it('answers a name that does not resolve without connecting anywhere', async () => {
    const { user, pass } = await connectedRental();
    const missing = { host: 'no-such-host.invalid', port: 80 };
    await expect(socksGet(gateway.socksPort, user, pass, missing)).rejects.toThrow(/HostUnreachable/);
    expect((await proxiedGet(gateway.httpPort, basic(user, pass), 'http://no-such-host.invalid/')).status).toBe(404);
    expect(await rawConnect(gateway.httpPort, basic(user, pass), 'no-such-host.invalid:80')).toMatch(
      /^HTTP\/1\.1 502 /,
    );
  });
});

describe('time limits', () => {
  it('cuts a SOCKS5 download in progress within 1 s of end_time', async () => {
    const endsAt = Date.now() + 1200;
    const { user, pass } = await connectedRental('direct', endsAt - Date.now());
    const { socket } = await SocksClient.createConnection({
      proxy: { host: '127.0.0.1', port: gateway.socksPort, type: 5, userId: user, password: pass },
      command: 'connect',
      destination: target(),
    });
    const { closedAt, bytes } = await downloadUntilCut(socket);
    expect(bytes).toBeGreaterThan(100_000);
    expect(closedAt).toBeGreaterThanOrEqual(endsAt - 50);
    expect(closedAt - endsAt).toBeLessThan(1000);
  });

  it('cuts an HTTP CONNECT tunnel within 1 s of end_time', async () => {
    const endsAt = Date.now() + 1200;
    const { user, pass } = await connectedRental('direct', endsAt - Date.now());
    const tunnel = await connectTunnel(gateway.httpPort, basic(user, pass), `127.0.0.1:${origin.port}`);
    const { closedAt } = await downloadUntilCut(tunnel.socket!);
    expect(closedAt - endsAt).toBeLessThan(1000);
    expect(closedAt).toBeGreaterThanOrEqual(endsAt - 50);
  });

  it('closes open connections at once on refund and on disable', async () => {
    for (const change of ['refund', 'disable'] as const) {
      const rental = await connectedRental();
      const tunnel = await connectTunnel(gateway.httpPort, basic(rental.user, rental.pass), `127.0.0.1:${origin.port}`);
      const cut = downloadUntilCut(tunnel.socket!);
      await until(() => gateway.store.openConnections(rental.id) > 0);
      const changedAt = Date.now();
      if (change === 'refund') {
        await t.database.db.update(rentals).set({ status: 'refunded' }).where(eq(rentals.id, rental.id));
      } else {
        await t.database.db.update(proxies).set({ enabled: false }).where(eq(proxies.id, rental.proxyId));
      }
      expect((await cut).closedAt - changedAt).toBeLessThan(1000);
    }
  });
});

describe('handshake', () => {
  it('works when the client sends one byte at a time', async () => {
    const { user, pass } = await connectedRental();
    const socket = net.connect(gateway.socksPort, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const userBytes = Buffer.from(user);
    const passBytes = Buffer.from(pass);
    const port = Buffer.alloc(2);
    port.writeUInt16BE(origin.port);
    const bytes = Buffer.concat([
      Buffer.from([5, 1, 2]),
      Buffer.from([1, userBytes.length]),
      userBytes,
      Buffer.from([passBytes.length]),
      passBytes,
      Buffer.from([5, 1, 0, 1, 127, 0, 0, 1]),
      port,
    ]);
    const replies: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => replies.push(chunk));
    for (const byte of bytes) {
      socket.write(Buffer.from([byte]));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await until(() => Buffer.concat(replies).length >= 2 + 2 + 10);
    expect([...Buffer.concat(replies).subarray(0, 6)]).toEqual([5, 2, 1, 0, 5, 0]);
    socket.removeAllListeners('data');
    expect(await httpOverSocket(socket, '/bytewise')).toContain('"path":"/bytewise"');
  });

  it('drops a client that sends nothing after the handshake timeout', async () => {
    const socket = net.connect(gateway.socksPort, '127.0.0.1');
    const opened = Date.now();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(Date.now() - opened).toBeGreaterThanOrEqual(350);
    expect(Date.now() - opened).toBeLessThan(2000);
  });
});

describe('accounting and several gateway processes', () => {
  it('counts bytes per rental and stores them', async () => {
    const rental = await connectedRental();
    const text = await socksGet(gateway.socksPort, rental.user, rental.pass, { ...target(), path: '/count-me' });
    const row = await settledTraffic(t, gateway, rental.id);
    expect(row.bytesDown).toBe(Buffer.byteLength(text, 'latin1'));
    expect(row.bytesUp).toBeGreaterThan(30);
  });

  it('counts the payload of an HTTP CONNECT tunnel, not its CONNECT request and answer', async () => {
    const rental = await connectedRental();
    const tunnel = await connectTunnel(gateway.httpPort, basic(rental.user, rental.pass), `127.0.0.1:${origin.port}`);
    const text = await httpOverSocket(tunnel.socket!, '/count-tunnel');
    const row = await settledTraffic(t, gateway, rental.id);
    expect(row.bytesDown).toBe(Buffer.byteLength(text, 'latin1'));
    const request = 'GET /count-tunnel HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n';
    expect(row.bytesUp).toBe(Buffer.byteLength(request));
  });

  it('counts bytes a client sends with its CONNECT, before the tunnel is open', async () => {
    const rental = await connectedRental();
    const request = 'GET /early HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n';
    const connect = `CONNECT 127.0.0.1:${origin.port} HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${basic(rental.user, rental.pass)}\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(gateway.httpPort, '127.0.0.1', () => socket.write(connect + request));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const established = 'HTTP/1.1 200 Connection Established\r\n\r\n';
    expect(answer.startsWith(established)).toBe(true);
    expect(answer).toContain('"path":"/early"');
    const row = await settledTraffic(t, gateway, rental.id);
    expect(row.bytesUp).toBe(Buffer.byteLength(request));
    expect(row.bytesDown).toBe(Buffer.byteLength(answer, 'latin1') - established.length);
  });

  it('answers a CONNECT it cannot serve with a status, never with the upstream address', async () => {
    const rental = await connectedRental(`socks5://hidden:secret@127.0.0.1:${await closedPort()}`);
    const auth = basic(rental.user, rental.pass);
    expect((await connectTunnel(gateway.httpPort, auth, 'no-port-here')).status).toBe(400);
    const unreachable = await rawConnect(gateway.httpPort, auth, `127.0.0.1:${origin.port}`);
    expect(unreachable).toMatch(/^HTTP\/1\.1 502 /);
    expect(unreachable).not.toMatch(/hidden|secret|127\.0\.0\.1/);
  });

  it('a second gateway learns changes within a second, and a restarted one knows every active rental', async () => {
    const existing = await connectedRental();
    const second = await startTestGateway();
    try {
      expect(await socksGet(second.socksPort, existing.user, existing.pass, target())).toContain('200 OK');
      const fresh = await connectedRental('direct', 3_600_000, second);
      expect(await until(() => gateway.store.authorize(fresh.user, fresh.pass) !== null, 1000)).toBeLessThan(1000);
      await t.database.db.update(rentals).set({ status: 'refunded' }).where(eq(rentals.id, fresh.id));
      const waited = await until(
        () =>
          second.store.authorize(fresh.user, fresh.pass) === null &&
          gateway.store.authorize(fresh.user, fresh.pass) === null,
        1000,
      );
      expect(waited).toBeLessThan(1000);
    } finally {
      await second.close();
    }
  });
});
