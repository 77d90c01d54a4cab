import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import net from 'node:net';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../../test/helper';
import { connectedRental, startTestGateway } from '../../test/live-rental-kit';
import type { Gateway } from './gateway';
import { basic } from '../../test/gateway-kit';

const run = promisify(execFile);

/**
 * Behaviour Debian's dante-server has and clients count on, through the real gateway with real
 * sockets: a half-closed connection still gets its answer (a client that shuts its write side
 * after the request, as `nc -N` and request/response protocols do), a target that has answered
 * and closed its side still gets the rest of the upload, and a dial that times out is answered
 * with a failure reply rather than a silent close.
 */
let t: TestApp;
let gateway: Gateway;
let dir: ReturnType<typeof tempDir>;
const servers: net.Server[] = [];

beforeAll(async () => {
  dir = tempDir();
  // A self-signed certificate for the HTTPS front; the test's client does not verify it.
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'],
    ...['-subj', '/CN=127.0.0.1', '-keyout', path.join(dir.dir, 'key.pem'), '-out', path.join(dir.dir, 'cert.pem')],
  ]);
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  gateway = await startTestGateway(t, {
    privateTargets: 'allow',
    // Shorter than the dial's own 10 s timeout, as the default (10 s each) ties with it.
    handshakeTimeoutMs: 1000,
    tls: { port: 0, certFile: path.join(dir.dir, 'cert.pem'), keyFile: path.join(dir.dir, 'key.pem') },
  });
}, 60_000);
afterAll(async () => {
  await gateway.close();
  for (const server of servers) server.close();
  await t.close();
  dir.remove();
});

async function listen(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer({ allowHalfOpen: true }, onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** Reads until the client's end, then answers how much came and its sha256 (and closes). */
const counter = () =>
  listen((socket) => {
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    socket.on('end', () => socket.end(`${bytes} ${hash.digest('hex')}`));
  });

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** Reads a socket to its end (or close) as text. */
function readToEnd(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(text));
    socket.resume();
  });
}

/** Reads exactly `length` bytes, or what came before the other side ended or the socket closed. */
function readBytes(socket: net.Socket, length: number): Promise<Buffer> {
  return new Promise((resolve) => {
    let data = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      if (data.length >= length) done();
    };
    const done = () => {
      socket.removeListener('data', onData);
      socket.removeListener('close', done);
      socket.removeListener('end', done);
      socket.pause();
      const rest = data.subarray(length);
      if (rest.length > 0) socket.unshift(rest);
      resolve(data.subarray(0, length));
    };
    socket.on('data', onData);
    socket.once('close', done);
    // The client sockets here are half-open ones: the other side's end alone does not close them.
    socket.once('end', done);
    // Paused by the previous read: a new 'data' listener alone does not resume it.
    socket.resume();
  });
}

function connected(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** A SOCKS5 client socket through the gateway's login and CONNECT; answers it and the reply. */
async function socks5(user: string, pass: string, port: number): Promise<{ socket: net.Socket; reply: Buffer }> {
  const socket = await connected(gateway.socksPort);
  socket.write(Buffer.from([5, 1, 2]));
  expect([...(await readBytes(socket, 2))]).toEqual([5, 2]);
  socket.write(
    Buffer.concat([Buffer.from([1, user.length]), Buffer.from(user), Buffer.from([pass.length]), Buffer.from(pass)]),
  );
  expect([...(await readBytes(socket, 2))]).toEqual([1, 0]);
  socket.write(Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, port >> 8, port & 0xff]));
  return { socket, reply: await readBytes(socket, 10) };
}

/** A SOCKS4 client socket, `user:pass` as its user id; answers it and the reply. */
async function socks4(user: string, pass: string, port: number): Promise<{ socket: net.Socket; reply: Buffer }> {
  const socket = await connected(gateway.socksPort);
  socket.write(
    Buffer.concat([Buffer.from([4, 1, port >> 8, port & 0xff, 127, 0, 0, 1]), Buffer.from(`${user}:${pass}\0`)]),
  );
  return { socket, reply: await readBytes(socket, 8) };
}

describe('half-close, as dante relays it', () => {
  const payload = crypto.randomBytes(256 * 1024);

  it.each([
    ['SOCKS5', socks5, 0],
    ['SOCKS4', socks4, 90],
  ] as const)('%s: the client shuts its write side and still gets the answer', async (_version, open, granted) => {
    const r = await connectedRental(t, gateway.store);
    const { socket, reply } = await open(r.user, r.pass, await counter());
    expect(reply[1]).toBe(granted);
    const answer = readToEnd(socket);
    socket.end(payload);
    expect(await answer).toBe(`${payload.length} ${sha256(payload)}`);
  });

  it('HTTPS proxy: a CONNECT tunnel whose client ends its side (close_notify) still gets the answer', async () => {
    const r = await connectedRental(t, gateway.store);
    const target = await counter();
    const socket = tls.connect({
      port: gateway.tlsPort ?? 0,
      host: '127.0.0.1',
      rejectUnauthorized: false,
    });
    // Not among tls.connect's typed options; read when the gateway's side ends.
    socket.allowHalfOpen = true;
    socket.write(
      `CONNECT 127.0.0.1:${target} HTTP/1.1\r\nHost: 127.0.0.1:${target}\r\nProxy-Authorization: ${basic(r.user, r.pass)}\r\n\r\n`,
    );
    const head = 'HTTP/1.1 200 Connection Established\r\n\r\n';
    expect((await readBytes(socket, head.length)).toString()).toBe(head);
    const answer = readToEnd(socket);
    socket.end(payload);
    expect(await answer).toBe(`${payload.length} ${sha256(payload)}`);
  });

  it('the target answers and shuts its side first: the rest of the upload still reaches it', async () => {
    const r = await connectedRental(t, gateway.store);
    let received = '';
    const target = await listen((socket) => {
      socket.end('ready\n');
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    });
    const { socket } = await socks5(r.user, r.pass, target);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.resume();
    await new Promise((resolve) => socket.once('end', resolve));
    expect(text).toBe('ready\n');
    socket.end('after the target ended');
    await new Promise((resolve) => socket.once('close', resolve));
    await expect.poll(() => received).toBe('after the target ended');
  });
});

describe('a dial that times out', () => {
  /** A SOCKS5 upstream that takes the connection and never answers its greeting. */
  const silentUpstream = () => listen((socket) => socket.on('data', () => undefined));

  it('is answered with a SOCKS5 failure reply, not a silent close by the handshake timer', async () => {
    const r = await connectedRental(t, gateway.store, `socks5://127.0.0.1:${await silentUpstream()}`);
    const { reply } = await socks5(r.user, r.pass, 80);
    expect(reply.length).toBe(10);
    expect(reply[0]).toBe(5);
    expect(reply[1]).not.toBe(0);
  }, 20_000);

  it('is answered with SOCKS4 reply 91', async () => {
    const r = await connectedRental(t, gateway.store, `socks5://127.0.0.1:${await silentUpstream()}`);
    const { reply } = await socks4(r.user, r.pass, 80);
    expect([...reply.subarray(0, 2)]).toEqual([0, 91]);
  }, 20_000);
});
