import net from 'node:net';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { connectedRentalRow, startTestGateway } from '../../test/live-rental-kit';
import { startOrigin } from '../../test/origin';
import { FAILED_LOGINS_PER_MINUTE, type Gateway, type GatewayOptions } from './gateway';
import { basic, connectTunnel, httpOverSocket, rawConnect, until } from '../../test/gateway-kit';
import { capturedPino } from '../../test/log-capture';

let t: TestApp;
let api: string;
let origin: Awaited<ReturnType<typeof startOrigin>>;
const { log, lines: warnings } = capturedPino<{ source?: string; reason?: string; count?: number }>('warn');

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  api = await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = await startOrigin();
});
afterAll(async () => {
  await origin.close();
  await t.close();
});

async function withGateway(options: Partial<GatewayOptions>, use: (g: Gateway) => Promise<void>): Promise<void> {
  const gateway = await startTestGateway(t, { log, privateTargets: 'allow', ...options });
  try {
    await use(gateway);
  } finally {
    await gateway.close();
  }
}

/** A client socket from a chosen loopback address that sends `greeting` and then waits. */
function idleClient(port: number, from: string, greeting: string | Buffer): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(greeting);
      resolve(socket);
    });
    // A connection the gateway destroyed at accept may close before 'connect' fires here.
    socket.once('close', () => resolve(socket));
  });
}

const openCount = (sockets: net.Socket[]) => sockets.filter((socket) => !socket.closed).length;

describe('a flood of idle connections', () => {
  it('keeps at most the pending limit open per source on each port while the API keeps answering', async () => {
    await withGateway({ handshakeTimeoutMs: 60_000 }, async (gateway) => {
      const fronts = [
        { port: gateway.socksPort, greeting: Buffer.from([0x05]) },
        { port: gateway.httpPort, greeting: 'GET http://example.com/ HT' },
      ];
      for (const { port, greeting } of fronts) {
        const latencies: number[] = [];
        let flooding = true;
        const probe = (async () => {
          while (flooding) {
            const started = Date.now();
            const response = await fetch(`${api}/healthz`);
            expect(response.status).toBe(200);
            latencies.push(Date.now() - started);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();
        const sockets = await Promise.all(Array.from({ length: 1000 }, () => idleClient(port, '127.0.0.5', greeting)));
        await until(() => openCount(sockets) <= 64, 10_000);
        // Give the gateway a moment: nothing more is admitted and nothing admitted is dropped.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(openCount(sockets)).toBe(64);
        flooding = false;
        await probe;
        expect(latencies.length).toBeGreaterThan(0);
        // The API, this gateway and the 1,000 clients share one thread here, and CI shares two
        // cores: the bound catches an API starved of descriptors or time, not a speed.
        expect(Math.max(...latencies)).toBeLessThan(5000);
        for (const socket of sockets) socket.destroy();
        await until(() => gateway.stats().openConnections === 0, 5000);
      }
      expect(gateway.stats().refused['pending-per-source']).toBe(2 * (1000 - 64));
      // One log line for each port's flood from the source, not one per refused connection.
      const lines = warnings.filter((w) => w.reason === 'pending-per-source' && w.source === '127.0.0.5');
      expect(lines).toHaveLength(1);
      expect(lines[0]?.count).toBe(1);
    });
  }, 60_000);

  it('another source still gets in while one source is at its limit', async () => {
    await withGateway({ handshakeTimeoutMs: 60_000, maxPendingPerSource: 3 }, async (gateway) => {
      const flood = await Promise.all(Array.from({ length: 5 }, () => idleClient(gateway.socksPort, '127.0.0.8', '')));
      await until(() => openCount(flood) === 3);
      const other = await idleClient(gateway.socksPort, '127.0.0.9', '');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(other.closed).toBe(false);
      for (const socket of [...flood, other]) socket.destroy();
    });
  });

  it('caps the connections of both fronts together', async () => {
    await withGateway({ handshakeTimeoutMs: 60_000, maxConnections: 20 }, async (gateway) => {
      const socks = await Promise.all(
        Array.from({ length: 12 }, () => idleClient(gateway.socksPort, '127.0.0.10', '')),
      );
      await until(() => gateway.stats().openConnections === 12);
      const http = await Promise.all(Array.from({ length: 12 }, () => idleClient(gateway.httpPort, '127.0.0.11', '')));
      await until(() => openCount(http) === 8);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(openCount(socks)).toBe(12);
      expect(openCount(http)).toBe(8);
      expect(gateway.stats().refused.total).toBe(4);
      for (const socket of socks) socket.destroy();
      // Room again once connections close.
      await until(() => gateway.stats().openConnections === 8);
      const later = await idleClient(gateway.httpPort, '127.0.0.11', '');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(later.closed).toBe(false);
      for (const socket of [...http, later]) socket.destroy();
    });
  });
});

describe('slow clients', () => {
  /** Sends one byte of `text` every 100 ms; answers how long the gateway let it go on. */
  function trickle(port: number, text: string): Promise<number> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < text.length) socket.write(text[sent++] ?? '');
      }, 100);
      socket.on('close', () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      });
    });
  }

  it('drops a client that has not finished its request line and headers on the HTTP front, or its SOCKS5 handshake', async () => {
    await withGateway({ handshakeTimeoutMs: 500 }, async (gateway) => {
      const request = `GET http://127.0.0.1:${origin.port}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(100)}\r\n\r\n`;
      const [http, silent, socks] = await Promise.all([
        trickle(gateway.httpPort, request),
        trickle(gateway.httpPort, ''),
        trickle(gateway.socksPort, '\x05\x01\x02\x01\x04user'),
      ]);
      for (const held of [http, silent, socks]) {
        expect(held).toBeGreaterThanOrEqual(450);
        expect(held).toBeLessThan(3000);
      }
      expect(gateway.stats().refused['handshake-timeout']).toBe(3);
    });
  });
});

describe('guessing passwords', () => {
  async function connectedRental(): Promise<{ user: string; pass: string }> {
    const row = await connectedRentalRow(t);
    return { user: row.username, pass: row.password };
  }

  async function socksLogin(port: number, from: string, user: string, pass: string): Promise<boolean> {
    try {
      const { socket } = await SocksClient.createConnection({
        proxy: { host: '127.0.0.1', port, type: 5, userId: user, password: pass },
        command: 'connect',
        destination: { host: '127.0.0.1', port: origin.port },
        // The library fills in host and port; its type asks for them anyway.
        socket_options: { localAddress: from, port: 0 },
        timeout: 3000,
      });
      return (await httpOverSocket(socket, '/healthz')).includes('200 OK');
    } catch {
      return false;
    }
  }

  function connectFrom(port: number, from: string, auth: string): Promise<string> {
    return rawConnect(port, auth, `127.0.0.1:${origin.port}`, from);
  }

  it(`refuses a SOCKS5 source after ${FAILED_LOGINS_PER_MINUTE} wrong passwords, even with the right one, and no other`, async () => {
    await withGateway({}, async (gateway) => {
      const { user, pass } = await connectedRental();
      await until(() => gateway.store.authorize(user, pass) !== null);
      for (let i = 0; i <= FAILED_LOGINS_PER_MINUTE; i += 1) {
        expect(await socksLogin(gateway.socksPort, '127.0.0.3', user, `wrong-${i}`)).toBe(false);
      }
      expect(await socksLogin(gateway.socksPort, '127.0.0.3', user, pass)).toBe(false);
      expect(await socksLogin(gateway.socksPort, '127.0.0.4', user, pass)).toBe(true);
      expect(gateway.stats().authFailures).toBe(FAILED_LOGINS_PER_MINUTE);
      expect(gateway.stats().refused['auth-throttled']).toBe(2);
    });
  });

  it('does the same on the HTTP front (CONNECT and plain HTTP answer 429), counting requests without credentials as no guess', async () => {
    await withGateway({}, async (gateway) => {
      const { user, pass } = await connectedRental();
      await until(() => gateway.store.authorize(user, pass) !== null);
      for (let i = 0; i < 30; i += 1) {
        const answer = await rawConnect(gateway.httpPort, '', `127.0.0.1:${origin.port}`, '127.0.0.6');
        expect(answer).toMatch(/^HTTP\/1\.1 407/);
      }
      for (let i = 0; i < FAILED_LOGINS_PER_MINUTE; i += 1) {
        expect(await connectFrom(gateway.httpPort, '127.0.0.6', basic(user, `wrong-${i}`))).toMatch(/^HTTP\/1\.1 407/);
      }
      expect(await connectFrom(gateway.httpPort, '127.0.0.6', basic(user, pass))).toMatch(/^HTTP\/1\.1 429/);
      const plain = await plainGetFrom(gateway.httpPort, '127.0.0.6', basic(user, pass));
      expect(plain).toMatch(/^HTTP\/1\.1 429/);
      // Another address (127.0.0.1) is not affected.
      const tunnel = await connectTunnel(gateway.httpPort, basic(user, pass), `127.0.0.1:${origin.port}`);
      expect(tunnel.status).toBe(200);
      tunnel.socket?.destroy();
    });
  });

  function plainGetFrom(port: number, from: string, auth: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () =>
        socket.write(
          `GET ${origin.url}/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nProxy-Authorization: ${auth}\r\nConnection: close\r\n\r\n`,
        ),
      );
      let text = '';
      // proxy-chain ends its refusals with a FIN and keeps the socket a little: the head is enough.
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
    });
  }
});
