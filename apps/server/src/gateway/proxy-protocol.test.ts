import net from 'node:net';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, customerCall, type TestApp } from '../../test/helper';
import { connectedRentalRow, startTestGateway } from '../../test/live-rental-kit';
import { freePortRange, listedOnOwnPort } from '../../test/ip-auth-kit';
import { startOrigin } from '../../test/origin';
import { FAILED_LOGINS_PER_MINUTE, type Gateway } from './gateway';
import { basic, httpOverSocket, until } from '../../test/gateway-kit';
import { parseProxyHeader, trustedSources } from './proxy-protocol';

/** The balancer's address (trusted) and an address that is not. */
const BALANCER = '127.0.0.20';
const STRANGER = '127.0.0.21';

let t: TestApp;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let gateway: Gateway;
let rental: { user: string; pass: string; apiKey: string; proxyId: number };

beforeAll(async () => {
  const range = await freePortRange(2, ['127.0.0.1']);
  t = await buildTestApp({ env: { GATEWAY_PORT_RANGE: `${range.first}-${range.last}` } });
  origin = await startOrigin();
  gateway = await startTestGateway(t, {
    privateTargets: 'allow',
    handshakeTimeoutMs: 800,
    proxyProtocolFrom: trustedSources(`${BALANCER}/32, 10.0.0.0/8`),
    // One rental serves the whole file from many client addresses; their limit is rental-sources.test.ts's.
    rentalMaxSourceIps: 0,
  });
  const row = await connectedRentalRow(t);
  rental = { user: row.username, pass: row.password, apiKey: row.apiKey, proxyId: row.proxyId };
  await until(() => gateway.store.authorize(rental.user, rental.pass) !== null);
});
afterAll(async () => {
  await gateway.close();
  await origin.close();
  await t.close();
});

function v1(client: string, port = 40000): Buffer {
  const family = net.isIPv4(client) ? 'TCP4' : 'TCP6';
  const destination = family === 'TCP4' ? '127.0.0.1' : '::1';
  return Buffer.from(`PROXY ${family} ${client} ${destination} ${port} 1080\r\n`);
}

function v2(client: string, port = 40000, command = 0x21): Buffer {
  const header = Buffer.from([
    0x0d,
    0x0a,
    0x0d,
    0x0a,
    0x00,
    0x0d,
    0x0a,
    0x51,
    0x55,
    0x49,
    0x54,
    0x0a,
    command,
    0x11,
    0,
    12,
  ]);
  const body = Buffer.alloc(12);
  client.split('.').forEach((octet, i) => body.writeUInt8(Number(octet), i));
  Buffer.from([127, 0, 0, 1]).copy(body, 4);
  body.writeUInt16BE(port, 8);
  body.writeUInt16BE(1080, 10);
  return Buffer.concat([header, body]);
}

/** A connection from `from` that first sends `first` (a header, possibly with more bytes after it). */
function connectFrom(port: number, from: string, first: Buffer): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      if (first.length > 0) socket.write(first);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/**
 * A SOCKS5 tunnel to the origin from `from` after `header` on `port` (the shared SOCKS5 port unless
 * given), with the rental's login or, with `pass` null, offering no authentication at all.
 */
async function socksVia(
  from: string,
  header: Buffer,
  pass: string | null = rental.pass,
  port = gateway.socksPort,
): Promise<boolean> {
  const socket = await connectFrom(port, from, header);
  socket.on('error', () => undefined);
  const login = pass === null ? {} : { userId: rental.user, password: pass };
  try {
    const connection = await SocksClient.createConnection({
      proxy: { host: '127.0.0.1', port, type: 5, ...login },
      command: 'connect',
      destination: { host: '127.0.0.1', port: origin.port },
      existing_socket: socket,
      timeout: 3000,
    });
    return (await httpOverSocket(connection.socket, '/healthz')).includes('200 OK');
  } catch {
    socket.destroy();
    return false;
  }
}

/** Sends `bytes` and answers everything the gateway writes back until it closes. */
async function exchange(port: number, from: string, bytes: Buffer): Promise<string> {
  const socket = await connectFrom(port, from, bytes);
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text));
  });
}

const connect = (auth: string) =>
  Buffer.from(
    `CONNECT 127.0.0.1:${origin.port} HTTP/1.1\r\nHost: 127.0.0.1\r\nProxy-Authorization: ${auth}\r\nConnection: close\r\n\r\n`,
  );

describe('PROXY protocol from a trusted balancer', () => {
  it('serves SOCKS5 after a v1 and a v2 header, also when the header and the greeting arrive in one write', async () => {
    expect(await socksVia(BALANCER, v1('203.0.113.7'))).toBe(true);
    expect(await socksVia(BALANCER, v2('203.0.113.8'))).toBe(true);
    // The SOCKS5 greeting right behind the header, as HAProxy may forward it in one segment.
    const answer = await exchange(
      gateway.socksPort,
      BALANCER,
      Buffer.concat([v2('203.0.113.9'), Buffer.from([5, 1, 2])]),
    );
    expect([...Buffer.from(answer, 'latin1').subarray(0, 2)]).toEqual([5, 2]);
  });

  it('serves HTTP CONNECT after a v1 and a v2 header, the request in the same write', async () => {
    for (const header of [v1('203.0.113.10'), v2('203.0.113.11')]) {
      const socket = await connectFrom(
        gateway.httpPort,
        BALANCER,
        Buffer.concat([header, connect(basic(rental.user, rental.pass))]),
      );
      const head = await new Promise<string>((resolve) =>
        socket.once('data', (chunk: Buffer) => resolve(chunk.toString())),
      );
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      socket.destroy();
    }
  });

  it('drops a connection without a valid header: none, malformed, or too slow', async () => {
    // A SOCKS5 greeting with no header: nothing is answered.
    expect(await exchange(gateway.socksPort, BALANCER, Buffer.from([5, 1, 2]))).toBe('');
    expect(await exchange(gateway.socksPort, BALANCER, Buffer.from('PROXY TCP4 999.1.1.1 127.0.0.1 1 2\r\n'))).toBe('');
    expect(
      await exchange(gateway.httpPort, BALANCER, Buffer.from('PROXY TCP4 203.0.113.1 127.0.0.1 99999 2\r\n')),
    ).toBe('');
    expect(await exchange(gateway.httpPort, BALANCER, connect(basic(rental.user, rental.pass)))).toBe('');
    // Silence: the handshake deadline (800 ms here) covers the header too.
    const started = Date.now();
    expect(await exchange(gateway.socksPort, BALANCER, Buffer.from('PROXY TCP4 203.0.113.1'))).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  it('a LOCAL v2 header (the balancer checking) keeps the balancer as the source', async () => {
    expect(await socksVia(BALANCER, v2('0.0.0.0', 0, 0x20))).toBe(true);
  });
});

describe('IP authorization behind the balancer', () => {
  it("checks the header's client against the list on a rental's own port, not the balancer", async () => {
    const port = await listedOnOwnPort(t, gateway, rental, ['203.0.113.0/24']);
    const withoutPassword = (header: Buffer) => socksVia(BALANCER, header, null, port);
    expect(await withoutPassword(v2('203.0.113.50'))).toBe(true);
    expect(await withoutPassword(v1('203.0.113.51'))).toBe(true);
    // The balancer itself is not on the list, and neither is this client.
    expect(await withoutPassword(v2('198.51.100.50'))).toBe(false);
    // HTTP on the same port, told apart after the header; the tunnel stays open, so read its first answer.
    const tunnel = await connectFrom(
      port,
      BALANCER,
      Buffer.concat([v1('203.0.113.52'), Buffer.from(`CONNECT 127.0.0.1:${origin.port} HTTP/1.1\r\nHost: x\r\n\r\n`)]),
    );
    const plain = await new Promise<string>((resolve) => {
      tunnel.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
      tunnel.once('close', () => resolve(''));
    });
    tunnel.destroy();
    expect(plain).toMatch(/^HTTP\/1\.1 200/);
    expect(
      (await customerCall(t, rental.apiKey).post('/api/proxy/ip-auth', { proxy_id: rental.proxyId, ips: [] }))
        .statusCode,
    ).toBe(200);
  });
});

describe('PROXY protocol from elsewhere', () => {
  it('is not read: a plain client is served, and a header is just bad protocol data', async () => {
    expect(await socksVia(STRANGER, Buffer.alloc(0))).toBe(true);
    expect(await exchange(gateway.httpPort, STRANGER, Buffer.concat([v1('203.0.113.12'), connect('x')]))).toMatch(
      /^HTTP\/1\.1 400/,
    );
  });
});

describe('limits behind the balancer', () => {
  it(`counts wrong logins per real client: ${FAILED_LOGINS_PER_MINUTE + 1} from client A do not block client B`, async () => {
    const clientA = v1('198.51.100.1');
    for (let i = 0; i <= FAILED_LOGINS_PER_MINUTE; i += 1)
      expect(await socksVia(BALANCER, clientA, `wrong-${i}`)).toBe(false);
    expect(await socksVia(BALANCER, clientA)).toBe(false);
    expect(await socksVia(BALANCER, v2('198.51.100.2'))).toBe(true);
    // The HTTP front shares the throttle: client A is refused there too, client B is not.
    const refused = await exchange(
      gateway.httpPort,
      BALANCER,
      Buffer.concat([clientA, connect(basic(rental.user, rental.pass))]),
    );
    expect(refused).toMatch(/^HTTP\/1\.1 429/);
    expect(await socksVia(BALANCER, v1('198.51.100.3'))).toBe(true);
  });
});

/** A v2 PROXY header for a TCP over IPv6 client (family 0x21), as a balancer bound to :: sends it. */
function v2Ipv6(client: string, port = 40000): Buffer {
  const header = Buffer.from([
    0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a, 0x21, 0x21, 0, 36,
  ]);
  const body = Buffer.alloc(36);
  const words = new URL(`http://[${client}]/`).hostname.slice(1, -1);
  const [head = '', tail = ''] = words.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const all = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  all.forEach((word, i) => body.writeUInt16BE(Number.parseInt(word, 16), i * 2));
  body.writeUInt16BE(1, 30);
  body.writeUInt16BE(port, 32);
  body.writeUInt16BE(1080, 34);
  return Buffer.concat([header, body]);
}

describe('IPv4 clients of a dual-stack balancer (v2 headers with IPv4-mapped IPv6 addresses)', () => {
  it('counts wrong logins per client, not for every IPv4 client together', async () => {
    const clientA = v2Ipv6('::ffff:198.51.100.11');
    for (let i = 0; i <= FAILED_LOGINS_PER_MINUTE; i += 1)
      expect(await socksVia(BALANCER, clientA, `wrong-${i}`)).toBe(false);
    expect(await socksVia(BALANCER, clientA)).toBe(false);
    // The same client in an IPv4 header is the same client.
    expect(await socksVia(BALANCER, v1('198.51.100.11'))).toBe(false);
    expect(await socksVia(BALANCER, v2Ipv6('::ffff:198.51.100.12'))).toBe(true);
    expect(parseProxyHeader(v2Ipv6('::ffff:198.51.100.12'))).toMatchObject({
      source: { address: '::ffff:198.51.100.12' },
    });
  });
});

describe('parseProxyHeader', () => {
  it('reads IPv6, UNKNOWN and partial headers, and refuses what is not one', () => {
    expect(parseProxyHeader(v1('2001:db8::1'))).toMatchObject({ source: { address: '2001:db8::1', family: 'IPv6' } });
    expect(parseProxyHeader(Buffer.from('PROXY UNKNOWN\r\n'))).toEqual({ source: null, length: 15 });
    expect(parseProxyHeader(v2('203.0.113.5').subarray(0, 20))).toBe('incomplete');
    expect(parseProxyHeader(Buffer.from('PROXY TCP4 1.2.3.4'))).toBe('incomplete');
    expect(parseProxyHeader(Buffer.from(`PROXY TCP4 ${'1'.repeat(120)}`))).toBe('malformed');
    expect(parseProxyHeader(Buffer.from('GET / HTTP/1.1\r\n'))).toBe('malformed');
    expect(() => trustedSources('10.0.0.0/33')).toThrow(/not an address/);
  });
});
