import type net from 'node:net';
import { describe, expect, it } from 'vitest';
import { adminCall, adminToken, type TestApp } from '../../test/helper';
import { gatewayRigPerFile, type GatewayRig } from '../../test/gateway-rig-kit';
import { listedOnOwnPort } from '../../test/ip-auth-kit';
import { connectedRentalRow } from '../../test/live-rental-kit';
import type { Gateway } from './gateway';
import {
  basic,
  connectTunnel,
  httpOverSocket,
  proxiedGet,
  rawConnect,
  socks5Connect,
  until,
} from '../../test/gateway-kit';

/** The cap under test: RENTAL_MAX_CONNECTIONS of this gateway. */
const CAP = 3;
/** A customer's listed address for the own-port case. */
const LISTED = '127.0.0.31';

let t: TestApp;
let origin: GatewayRig['origin'];
let gateway: Gateway;
let open: net.Socket[];
gatewayRigPerFile(
  { ports: 2, gateway: () => ({ privateTargets: 'allow', rentalMaxConnections: CAP }) },
  (rig) => ({ t, origin, gateway, open } = rig),
);

async function rental() {
  const row = await connectedRentalRow(t);
  await until(() => gateway.store.authorize(row.username, row.password) !== null);
  return { id: row.id, proxyId: row.proxyId, user: row.username, pass: row.password, apiKey: row.apiKey };
}

const target = () => ({ host: '127.0.0.1', port: origin.port });

async function socksTunnel(login: { user: string; pass: string } | undefined, from?: string) {
  const result = await socks5Connect(gateway.socksPort, target(), { login, from });
  if ('socket' in result) open.push(result.socket);
  return result;
}

async function httpTunnel(user: string, pass: string) {
  const result = await connectTunnel(gateway.httpPort, basic(user, pass), `127.0.0.1:${origin.port}`);
  if (result.socket) open.push(result.socket);
  return result;
}

describe('a rental’s concurrent connections', () => {
  it('SOCKS5: N tunnels work, N+1 is answered 0x02, and one closing lets a new one in', async () => {
    const r = await rental();
    const login = { user: r.user, pass: r.pass };
    const tunnels = [];
    for (let i = 0; i < CAP; i += 1) tunnels.push(await socksTunnel(login));
    expect(tunnels.every((result) => 'socket' in result)).toBe(true);
    // Not a failed login: the credentials are accepted, the request is not allowed by the ruleset.
    expect(await socksTunnel(login)).toEqual({ refused: 'connect', code: 0x02 });
    expect(gateway.stats().authFailures).toBe(0);
    expect(gateway.stats().refused['rental-connections']).toBeGreaterThanOrEqual(1);

    // A tunnel that ends (the origin closes after its answer) frees its place.
    const first = tunnels[0]!;
    if (!('socket' in first)) throw new Error('no tunnel');
    expect(await httpOverSocket(first.socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
    await until(() => gateway.rentalConnections.count(r.id) === CAP - 1);
    const again = await socksTunnel(login);
    expect('socket' in again).toBe(true);
    if ('socket' in again) expect(await httpOverSocket(again.socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
  });

  it('HTTP CONNECT: N tunnels work, N+1 is 429, one closed and a new one works; plain HTTP and SOCKS5 share the count', async () => {
    const r = await rental();
    const tunnels = [];
    for (let i = 0; i < CAP; i += 1) tunnels.push(await httpTunnel(r.user, r.pass));
    expect(tunnels.map((result) => result.status)).toEqual(Array.from({ length: CAP }, () => 200));
    const refused = await rawConnect(gateway.httpPort, basic(r.user, r.pass), `127.0.0.1:${origin.port}`);
    expect(refused).toMatch(/^HTTP\/1\.1 429 /);
    expect(refused).toContain('as many open connections as it may hold');
    expect((await proxiedGet(gateway.httpPort, basic(r.user, r.pass), `${origin.url}/healthz`)).status).toBe(429);
    expect(await socksTunnel({ user: r.user, pass: r.pass })).toEqual({ refused: 'connect', code: 0x02 });

    tunnels[1]!.socket!.destroy();
    await until(() => gateway.rentalConnections.count(r.id) === CAP - 1);
    const again = await httpTunnel(r.user, r.pass);
    expect(again.status).toBe(200);
    expect(await httpOverSocket(again.socket!, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
    // Another rental is not held back by this one's cap.
    const other = await rental();
    expect((await httpTunnel(other.user, other.pass)).status).toBe(200);
  });

  it("a proxy's own cap from the console overrides the default, 0 is unlimited, null returns to the default", async () => {
    const r = await rental();
    const token = await adminToken(t);
    const setCap = (maxConnections: number | null | string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/proxies/${r.proxyId}/max-connections`,
        headers: { authorization: `Bearer ${token}` },
        payload: { maxConnections },
      });
    expect((await setCap(-1)).statusCode).toBe(400);
    expect((await setCap('many')).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies/999999/max-connections',
      headers: { authorization: `Bearer ${token}` },
      payload: { maxConnections: 1 },
    });
    expect(missing.statusCode).toBe(404);

    const one = await setCap(1);
    expect(one.json()).toEqual({ success: true, id: r.proxyId, maxConnections: 1 });
    await until(() => gateway.store.usable(r.user)?.maxConnections === 1);
    expect((await httpTunnel(r.user, r.pass)).status).toBe(200);
    expect((await httpTunnel(r.user, r.pass)).status).toBe(429);

    expect((await setCap(0)).statusCode).toBe(200);
    await until(() => gateway.store.usable(r.user)?.maxConnections === 0);
    const many = [];
    for (let i = 0; i < CAP + 2; i += 1) many.push((await httpTunnel(r.user, r.pass)).status);
    expect(many.every((status) => status === 200)).toBe(true);

    expect((await setCap(null)).statusCode).toBe(200);
    await until(() => gateway.store.usable(r.user)?.maxConnections === null);
    const inventory = await adminCall(t, token).get('/api/admin/proxies');
    const row = inventory
      .json<{ proxies: { id: number; maxConnections: number | null }[] }>()
      .proxies.find((proxy) => proxy.id === r.proxyId);
    expect(row?.maxConnections).toBeNull();
    const audit = await adminCall(t, token).get('/api/admin/audit');
    expect(audit.body).toContain('proxies.max-connections');
  });

  it('the import takes a per-proxy cap (max_connections)', async () => {
    const token = await adminToken(t);
    const csv = `upstream,ip,port,protocol,type,country,fraud_score,max_connections\ndirect,198.51.100.240,1080,SOCKS5,residential,DE,5,7\n`;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.statusCode).toBe(200);
    const [id] = imported.json<{ ids: number[] }>().ids;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies',
      headers: { authorization: `Bearer ${token}` },
      payload: { proxies: [{ upstream: 'direct', port: 1081, max_connections: -2 }] },
    });
    expect(bad.statusCode).toBe(400);
    const inventory = await adminCall(t, token).get('/api/admin/proxies');
    const row = inventory
      .json<{ proxies: { id: number; maxConnections: number | null }[] }>()
      .proxies.find((proxy) => proxy.id === id);
    expect(row?.maxConnections).toBe(7);
    const lines = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies?protocol=socks5&max_connections=4',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'upstream-limit.example:1080:user:pass\n',
    });
    expect(lines.statusCode).toBe(200);
    const [lineId] = lines.json<{ ids: number[] }>().ids;
    const after = await adminCall(t, token).get('/api/admin/proxies');
    expect(
      after
        .json<{ proxies: { id: number; maxConnections: number | null }[] }>()
        .proxies.find((proxy) => proxy.id === lineId)?.maxConnections,
    ).toBe(4);
  });

  it("holds on a rental's own port (IP authorization) too", async () => {
    const r = await rental();
    const port = await listedOnOwnPort(t, gateway, r, [LISTED]);
    const results = [];
    for (let i = 0; i < CAP; i += 1) {
      const result = await socks5Connect(port, target(), { from: LISTED });
      if ('socket' in result) open.push(result.socket);
      results.push('socket' in result);
    }
    expect(results).toEqual(Array.from({ length: CAP }, () => true));
    expect(await socks5Connect(port, target(), { from: LISTED })).toEqual({ refused: 'connect', code: 0x02 });
    expect(await rawConnect(port, '', `127.0.0.1:${origin.port}`, LISTED)).toMatch(/^HTTP\/1\.1 429 /);
    // With the rental's credentials on the main port, the same count.
    expect(await socksTunnel({ user: r.user, pass: r.pass })).toEqual({ refused: 'connect', code: 0x02 });
  });
});
