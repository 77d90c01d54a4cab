import net from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rentals } from '../db/schema';
import { type TestApp } from '../../test/helper';
import { gatewayRigPerFile, type GatewayRig } from '../../test/gateway-rig-kit';
import { connectedRentalRow } from '../../test/live-rental-kit';
import { until } from '../../test/gateway-kit';
import type { Access } from './credential-store';
import type { Gateway } from './gateway';
import { RentalConnections } from './rental-connections';

let t: TestApp;
let origin: GatewayRig['origin'];
let gateway: Gateway;
gatewayRigPerFile({ ports: 1, gateway: () => ({ privateTargets: 'allow' }) }, (rig) => ({ t, origin, gateway } = rig));

async function rental() {
  const row = await connectedRentalRow(t);
  await until(() => gateway.store.authorize(row.username, row.password) !== null);
  return { id: row.id, user: row.username, pass: row.password };
}

/** Answers each chunk a socket receives, in order, as they come. */
function received(socket: net.Socket): () => Promise<Buffer> {
  const chunks: Buffer[] = [];
  const waiting: ((chunk: Buffer) => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    const next = waiting.shift();
    if (next) next(chunk);
    else chunks.push(chunk);
  });
  return () => {
    const chunk = chunks.shift();
    return chunk ? Promise.resolve(chunk) : new Promise((resolve) => waiting.push(resolve));
  };
}

/** A SOCKS5 client logged in with `user`/`pass`, its request not yet sent. */
async function loggedIn(user: string, pass: string) {
  const socket = net.connect({ port: gateway.socksPort, host: '127.0.0.1', allowHalfOpen: true });
  socket.on('error', () => undefined);
  const next = received(socket);
  socket.write(Buffer.from([0x05, 0x01, 0x02]));
  expect([...(await next())]).toEqual([0x05, 0x02]);
  socket.write(
    Buffer.concat([Buffer.from([0x01, user.length]), Buffer.from(user), Buffer.from([pass.length]), Buffer.from(pass)]),
  );
  expect([...(await next())]).toEqual([0x01, 0x00]);
  const request = async (port: number) => {
    socket.write(Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, port >> 8, port & 0xff]));
    return (await next())[1];
  };
  return { socket, request };
}

describe('a login whose rental changes before its request', () => {
  it('opens nothing after a new password or a refund: the request is answered 0x02', async () => {
    for (const change of ['password', 'refund'] as const) {
      const r = await rental();
      const client = await loggedIn(r.user, r.pass);
      if (change === 'password') {
        await t.database.db.update(rentals).set({ password: 'a-new-password' }).where(eq(rentals.id, r.id));
        await until(() => gateway.store.authorize(r.user, 'a-new-password') !== null);
      } else {
        await t.database.db.update(rentals).set({ status: 'refunded' }).where(eq(rentals.id, r.id));
        await until(() => gateway.store.authorize(r.user, r.pass) === null);
      }
      // Logged in before the change, asking after it: a tunnel now would outlive the cut.
      expect(await client.request(origin.port)).toBe(0x02);
      expect(gateway.store.openConnections(r.id)).toBe(0);
      client.socket.destroy();
    }
  });
});

describe('a refused request', () => {
  it('leaves the rental’s connections once the gateway closes it, though the client never closes its side', async () => {
    const r = await rental();
    // SOCKS5 and HTTP CONNECT, each asking for the SMTP port, which is refused at once.
    const socks = await loggedIn(r.user, r.pass);
    expect(await socks.request(25)).toBe(0x02);
    const http = net.connect({ port: gateway.httpPort, host: '127.0.0.1', allowHalfOpen: true });
    http.on('error', () => undefined);
    const answer = received(http);
    const auth = Buffer.from(`${r.user}:${r.pass}`).toString('base64');
    http.write(`CONNECT 127.0.0.1:25 HTTP/1.1\r\nHost: 127.0.0.1:25\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`);
    expect((await answer()).toString('latin1')).toMatch(/^HTTP\/1\.1 403/);
    // Counted while refused: the SOCKS5 one too, unless its two seconds already ran out.
    expect(gateway.rentalConnections.count(r.id)).toBeGreaterThanOrEqual(1);
    // Neither client closes: the gateway does, and each connection leaves the rental's count.
    await until(() => gateway.rentalConnections.count(r.id) === 0, 10_000);
    socks.socket.destroy();
    http.destroy();
  });
});

describe('a kept-alive client that goes back and forth between two rentals', () => {
  it('keeps one close handler per rental it is counted against, not one per switch', () => {
    const counted = new RentalConnections(0);
    const client = new net.Socket();
    const before = client.listenerCount('close');
    const accessOf = (rentalId: number): Access => ({
      rentalId,
      username: `user${rentalId}`,
      password: 'pass',
      status: 'connected',
      endTime: new Date(Date.now() + 3_600_000),
      upstream: 'direct',
      proxyEnabled: true,
      maxConnections: null,
      maxSourceIps: null,
    });
    for (let i = 0; i < 50; i += 1) {
      for (const rentalId of [1, 2]) {
        expect(counted.take(accessOf(rentalId), client)).toBe(true);
        counted.release(rentalId, client);
      }
    }
    expect(client.listenerCount('close') - before).toBe(0);
    expect(counted.count(1) + counted.count(2)).toBe(0);
  });
});
