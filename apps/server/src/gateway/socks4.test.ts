import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentals } from '../db/schema';
import { buildTestApp, customerCall, ManualClock, type TestApp } from '../../test/helper';
import { connectedRentalRow, startTestGateway, settledTraffic } from '../../test/live-rental-kit';
import { freePortRange } from '../../test/ip-auth-kit';
import { startOrigin } from '../../test/origin';
import { socksUpstream } from '../../test/socks-upstream';
import type { Gateway } from './gateway';
import { downloadUntilCut, httpOverSocket, until } from '../../test/gateway-kit';
import { SOCKS4_GRANTED, SOCKS4_REJECTED } from './socks4';

const run = promisify(execFile);

/**
 * SOCKS4 and SOCKS4a through the real gateway, each rental forwarding through a local SOCKS5
 * upstream: curl on a rental's own port by address, a SOCKS4 client with `username:password` as
 * its user id on the shared port, and the SOCKS5 front's rules (time, password, ports, counting).
 * The gateway runs on a clock the tests move, so the cut at end_time is the clock's doing.
 */
let t: TestApp;
let gateway: Gateway;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let upstream: Awaited<ReturnType<typeof socksUpstream>>;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  origin = await startOrigin();
  upstream = await socksUpstream();
  const range = await freePortRange(2, ['127.0.0.1']);
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000', GATEWAY_PORT_RANGE: `${range.first}-${range.last}` } });
  gateway = await startTestGateway(t, { clock, privateTargets: 'allow', handshakeTimeoutMs: 2000 });
});
afterAll(async () => {
  await gateway.close();
  await upstream.stop();
  await origin.close();
  await t.close();
});

interface Rental {
  id: number;
  user: string;
  pass: string;
  apiKey: string;
  proxyId: number;
}

/** A connected rental through the SOCKS5 upstream, ending `endInMs` after the gateway's clock now. */
async function rental(endInMs = 3_600_000): Promise<Rental> {
  const row = await connectedRentalRow(t, upstream.url);
  const endTime = new Date(clock.now().getTime() + endInMs);
  await t.database.db.update(rentals).set({ endTime }).where(eq(rentals.id, row.id));
  await until(() => gateway.store.authorize(row.username, row.password)?.endTime.getTime() === endTime.getTime());
  return { id: row.id, user: row.username, pass: row.password, apiKey: row.apiKey, proxyId: row.proxyId };
}

/** The rental's own port, open to 127.0.0.1 only. */
async function ownPort(r: Rental): Promise<number> {
  const set = await customerCall(t, r.apiKey).post('/api/proxy/ip-auth', { proxy_id: r.proxyId, ips: ['127.0.0.1'] });
  expect(set.statusCode).toBe(200);
  const { port } = set.json<{ ip_auth: { port: number } }>().ip_auth;
  await until(() => gateway.ownPorts.listening.includes(port));
  return port;
}

/** curl's status code for the origin's /healthz (under `host`) through `proxy`; not 200 when refused. */
async function curl(proxy: string, host = '127.0.0.1', extra: string[] = []): Promise<string> {
  const url = `http://${host}:${origin.port}/healthz`;
  const args = ['-sS', '--max-time', '10', '-o', '/dev/null', '-w', '%{http_code}', '-x', proxy, ...extra, url];
  const result = await run('/usr/bin/curl', args, { timeout: 15_000 }).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  return result.stdout.trim();
}

/** A SOCKS4 request by hand (SOCKS4a when `host` is a name): the socket on 90, else the reply code. */
function socks4(
  port: number,
  target: { host: string; port: number },
  userId: string,
): Promise<{ socket: net.Socket } | { code: number }> {
  return new Promise((resolve, reject) => {
    const named = net.isIPv4(target.host) ? null : target.host;
    const address = named ? [0, 0, 0, 1] : target.host.split('.').map(Number);
    const request = Buffer.concat([
      Buffer.from([4, 1, target.port >> 8, target.port & 0xff, ...address]),
      Buffer.from(`${userId}\0`),
      named ? Buffer.from(`${named}\0`) : Buffer.alloc(0),
    ]);
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let buffer = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('close', () => resolve({ code: buffer[1] ?? -1 }));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (buffer.length < 8) return;
      expect(buffer[0]).toBe(0);
      socket.removeAllListeners('data');
      socket.removeAllListeners('close');
      if (buffer[1] !== SOCKS4_GRANTED) {
        socket.destroy();
        return resolve({ code: buffer[1] ?? -1 });
      }
      if (buffer.length > 8) socket.unshift(buffer.subarray(8));
      resolve({ socket });
    });
  });
}

/** Resolves once the download through `socket` has delivered its first bytes. */
const flowing = (socket: net.Socket) => new Promise((resolve) => socket.once('data', resolve));

const opened = (result: { socket: net.Socket } | { code: number }): net.Socket => {
  if (!('socket' in result)) throw new Error(`refused with ${result.code}`);
  return result.socket;
};

describe('on a rental own port (IP authorization)', () => {
  it('curl --socks4 and --socks4a reach the origin from a listed address; another needs the password', async () => {
    const r = await rental();
    const port = await ownPort(r);
    expect(await curl(`socks4://127.0.0.1:${port}`)).toBe('200');
    expect(await curl(`socks4a://127.0.0.1:${port}`, 'localhost')).toBe('200');
    const elsewhere = ['--interface', '127.0.0.2'];
    expect(await curl(`socks4://127.0.0.1:${port}`, '127.0.0.1', elsewhere)).not.toBe('200');
    expect(await curl(`socks4a://127.0.0.1:${port}`, 'localhost', elsewhere)).not.toBe('200');
    const credentials = `${encodeURIComponent(r.user)}%3A${encodeURIComponent(r.pass)}`;
    expect(await curl(`socks4a://${credentials}@127.0.0.1:${port}`, 'localhost', elsewhere)).toBe('200');
    // Another rental's password does not open this rental's port.
    const other = await rental();
    const otherCredentials = `${encodeURIComponent(other.user)}%3A${encodeURIComponent(other.pass)}`;
    expect(await curl(`socks4a://${otherCredentials}@127.0.0.1:${port}`, 'localhost', elsewhere)).not.toBe('200');
  });
});

describe('on the shared SOCKS port', () => {
  it('takes username:password in the user id, for SOCKS4 and SOCKS4a clients', async () => {
    const r = await rental();
    for (const host of ['127.0.0.1', 'localhost']) {
      const { socket } = await SocksClient.createConnection({
        proxy: { host: '127.0.0.1', port: gateway.socksPort, type: 4, userId: `${r.user}:${r.pass}` },
        command: 'connect',
        destination: { host, port: origin.port },
        timeout: 3000,
      });
      expect(await httpOverSocket(socket, '/four')).toMatch(/^HTTP\/1\.1 200[\s\S]*"path":"\/four"/);
    }
    // curl sends the proxy URL's user name (here `username:password`, percent-encoded) as the user id.
    const credentials = `${encodeURIComponent(r.user)}%3A${encodeURIComponent(r.pass)}`;
    expect(await curl(`socks4a://${credentials}@127.0.0.1:${gateway.socksPort}`, 'localhost')).toBe('200');
  });

  it('answers 91 to a wrong password, to no password, and counts the wrong one as a failed login', async () => {
    const r = await rental();
    const target = { host: '127.0.0.1', port: origin.port };
    const failures = gateway.stats().authFailures;
    expect(await socks4(gateway.socksPort, target, `${r.user}:wrong`)).toEqual({ code: SOCKS4_REJECTED });
    expect(await socks4(gateway.socksPort, { host: 'localhost', port: origin.port }, `${r.user}:x`)).toEqual({
      code: SOCKS4_REJECTED,
    });
    expect(gateway.stats().authFailures).toBe(failures + 2);
    expect(await socks4(gateway.socksPort, target, r.user)).toEqual({ code: SOCKS4_REJECTED });
    expect(await curl(`socks4://127.0.0.1:${gateway.socksPort}`)).not.toBe('200');
    expect(gateway.stats().authFailures).toBe(failures + 2);
  });

  it('refuses the SMTP ports with 91 and counts the bytes of a tunnel', async () => {
    const r = await rental();
    for (const port of [25, 465, 587]) {
      expect(await socks4(gateway.socksPort, { host: '127.0.0.1', port }, `${r.user}:${r.pass}`)).toEqual({
        code: SOCKS4_REJECTED,
      });
    }
    const socket = opened(
      await socks4(gateway.socksPort, { host: '127.0.0.1', port: origin.port }, `${r.user}:${r.pass}`),
    );
    const text = await httpOverSocket(socket, '/count-four');
    const row = await settledTraffic(t, gateway, r.id);
    expect(row.bytesDown).toBe(Buffer.byteLength(text, 'latin1'));
    expect(row.bytesUp).toBeGreaterThan(30);
  });

  it('cuts a tunnel on a new password', async () => {
    const r = await rental();
    const socket = opened(
      await socks4(gateway.socksPort, { host: '127.0.0.1', port: origin.port }, `${r.user}:${r.pass}`),
    );
    const cut = downloadUntilCut(socket);
    await flowing(socket);
    await t.database.db.update(rentals).set({ password: 'a-new-password-1' }).where(eq(rentals.id, r.id));
    const { bytes } = await cut;
    expect(bytes).toBeGreaterThan(0);
    expect(await socks4(gateway.socksPort, { host: '127.0.0.1', port: origin.port }, `${r.user}:${r.pass}`)).toEqual({
      code: SOCKS4_REJECTED,
    });
  });

  it('cuts a download in progress when the clock passes end_time, on both ports', async () => {
    const r = await rental(10 * 60_000);
    const port = await ownPort(r);
    const target = { host: '127.0.0.1', port: origin.port };
    const sockets = [
      opened(await socks4(gateway.socksPort, target, `${r.user}:${r.pass}`)),
      opened(await socks4(port, target, 'anyone')),
    ];
    const cuts = Promise.all(sockets.map(downloadUntilCut));
    await Promise.all(sockets.map(flowing));
    clock.advance(11 * 60_000);
    // Each download ran until the cut: both promises settle only when the gateway closed them.
    for (const { bytes } of await cuts) expect(bytes).toBeGreaterThan(0);
    expect(await socks4(gateway.socksPort, target, `${r.user}:${r.pass}`)).toEqual({ code: SOCKS4_REJECTED });
    expect(await socks4(port, target, 'anyone')).toEqual({ code: SOCKS4_REJECTED });
  });
});
