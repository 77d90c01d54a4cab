import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentals } from '../db/schema';
import { buildTestApp, customerCall, type TestApp } from '../../test/helper';
import { connectedRental, startTestGateway } from '../../test/live-rental-kit';
import { freePortRange, rentedForIpAuth } from '../../test/ip-auth-kit';
import type { Gateway } from './gateway';
import { basic, until } from '../../test/gateway-kit';
import { MAX_WAITING_REQUESTS } from './plain-requests';

let t: TestApp;
let gateway: Gateway;
let target: Awaited<ReturnType<typeof countingTarget>>;

/**
 * An origin that counts what it has open at once: connections (from accept until the client's
 * FIN) and requests (until the answer is sent). `/hold` sends 20,000 bytes and keeps the answer open.
 */
async function countingTarget() {
  const seen = { connections: 0, mostConnections: 0, requests: 0, mostRequests: 0 };
  const server = http.createServer((request, response) => {
    if (request.url === '/hold') {
      response.writeHead(200, { 'content-length': 1_000_000 });
      response.write(Buffer.alloc(20_000, 'h'));
      return;
    }
    seen.requests += 1;
    seen.mostRequests = Math.max(seen.mostRequests, seen.requests);
    response.once('close', () => (seen.requests -= 1));
    // Answers a moment later, so that requests forwarded together are seen together.
    setTimeout(() => response.end('ok'), 5);
  });
  server.on('connection', (socket: net.Socket) => {
    seen.connections += 1;
    seen.mostConnections = Math.max(seen.mostConnections, seen.connections);
    let counted = true;
    const gone = () => {
      if (counted) seen.connections -= 1;
      counted = false;
    };
    socket.once('end', gone);
    socket.once('close', gone);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    reset: () => Object.assign(seen, { connections: 0, mostConnections: 0, requests: 0, mostRequests: 0 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `count` plain GETs written at once on one socket; answers how many 200s came back. */
function pipelined(port: number, auth: string | null, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const authorization = auth ? `Proxy-Authorization: ${auth}\r\n` : '';
    const requests = Array.from(
      { length: count },
      (_, index) =>
        `GET http://127.0.0.1:${target.port}/r${index} HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\n${authorization}\r\n`,
    );
    let text = '';
    const answered = () => text.split('HTTP/1.1 200').length - 1;
    socket.on('connect', () => socket.write(requests.join('')));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (answered() === count) socket.end();
    });
    socket.on('close', () => resolve(answered()));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  const range = await freePortRange(1, ['127.0.0.1']);
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000', GATEWAY_PORT_RANGE: `${range.first}-${range.last}` } });
  gateway = await startTestGateway(t, { privateTargets: 'allow', rentalMaxConnections: 3 });
  target = await countingTarget();
});
afterAll(async () => {
  await gateway.close();
  await target.close();
  await t.close();
});

describe('pipelined plain requests', () => {
  it('open no more upstream connections than the rental cap, with credentials and on the own port', async () => {
    const rental = await rentedForIpAuth(t, gateway);
    const auth = basic(rental.user, rental.pass);
    const answered = await Promise.all([0, 1, 2].map(() => pipelined(gateway.httpPort, auth, 50)));
    expect(answered).toEqual([50, 50, 50]);
    expect(target.seen.mostConnections).toBeLessThanOrEqual(3);
    expect(target.seen.mostRequests).toBeLessThanOrEqual(3);
    expect(target.seen.mostRequests).toBeGreaterThanOrEqual(1);

    // The same on the rental's IP-authorization port, without credentials.
    const set = await customerCall(t, rental.apiKey).post('/api/proxy/ip-auth', {
      proxy_id: rental.proxyId,
      ips: ['127.0.0.1'],
    });
    expect(set.statusCode).toBe(200);
    const { port } = set.json<{ ip_auth: { port: number } }>().ip_auth;
    await until(() => gateway.ownPorts.listening.includes(port));
    target.reset();
    const own = await Promise.all([0, 1, 2].map(() => pipelined(port, null, 50)));
    expect(own).toEqual([50, 50, 50]);
    expect(target.seen.mostConnections).toBeLessThanOrEqual(3);
    expect(target.seen.mostRequests).toBeLessThanOrEqual(3);
  }, 30_000);

  it('disconnect a client with more than MAX_WAITING_REQUESTS waiting', async () => {
    const rental = await connectedRental(t, gateway.store);
    const answered = await pipelined(gateway.httpPort, basic(rental.user, rental.pass), MAX_WAITING_REQUESTS + 50);
    expect(answered).toBeLessThan(MAX_WAITING_REQUESTS + 50);
  }, 30_000);
});

describe('a kept-alive connection that changes credentials', () => {
  it("is counted and cut as the latest request's rental", async () => {
    const x = await connectedRental(t, gateway.store);
    const y = await connectedRental(t, gateway.store);
    const socket = net.connect(gateway.httpPort, '127.0.0.1');
    socket.on('error', () => undefined);
    let received = 0;
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      text += chunk.toString('latin1');
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    const request = (rental: { user: string; pass: string }, path: string) =>
      `GET http://127.0.0.1:${target.port}${path} HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\nProxy-Authorization: ${basic(rental.user, rental.pass)}\r\n\r\n`;

    socket.write(request(x, '/small'));
    await until(() => text.endsWith('ok'));
    socket.write(request(y, '/hold'));
    await until(() => received > 20_000);
    expect(socket.destroyed).toBe(false);

    await gateway.store.flushTraffic();
    const row = async (id: number) => (await t.database.db.select().from(rentals).where(eq(rentals.id, id)))[0]!;
    expect((await row(x.id)).bytesDown).toBeGreaterThan(0);
    expect((await row(x.id)).bytesDown).toBeLessThan(1000);
    expect((await row(y.id)).bytesDown).toBeGreaterThanOrEqual(20_000);

    // Y's new password cuts the stream Y's request opened, though X opened the connection.
    let closed = false;
    socket.once('close', () => (closed = true));
    await t.database.db.update(rentals).set({ password: 'a-new-password-for-y' }).where(eq(rentals.id, y.id));
    await until(() => closed, 2000);
  }, 30_000);
});
