import net from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rentalSources } from '../db/schema';
import { adminCall, adminToken, customerCall, HOUR, ManualClock, type TestApp } from '../../test/helper';
import { gatewayRigPerFile, type GatewayRig } from '../../test/gateway-rig-kit';
import { connectedRentalRow } from '../../test/live-rental-kit';
import { connectFrom, httpGetFrom, socksTunnelsFrom, type Login } from '../../test/sources-kit';
import type { Access } from './credential-store';
import type { Gateway } from './gateway';
import { httpOverSocket, rawConnect, socks5Connect, until } from '../../test/gateway-kit';
import { TOO_MANY_SOURCES } from './login-gate';
import { databaseLedger } from './database-link';
import { RentalSources } from './rental-sources';

/** RENTAL_MAX_SOURCE_IPS of the gateway under test. */
const LIMIT = 2;

let t: TestApp;
let origin: GatewayRig['origin'];
let gateway: Gateway;
let open: net.Socket[];
gatewayRigPerFile(
  {
    ports: 2,
    env: { RENTAL_MAX_SOURCE_IPS: String(LIMIT) },
    gateway: (app) => ({
      privateTargets: 'allow',
      rentalMaxSourceIps: app.config.gateway.rentalMaxSourceIps,
      clock: app.clock,
    }),
  },
  (rig) => ({ t, origin, gateway, open } = rig),
);

async function rental() {
  const row = await connectedRentalRow(t);
  await until(() => gateway.store.authorize(row.username, row.password) !== null);
  return { id: row.id, proxyId: row.proxyId, login: { user: row.username, pass: row.password }, apiKey: row.apiKey };
}

const target = () => ({ host: '127.0.0.1', port: origin.port });

async function tunnels(login: Login, from: string, count: number) {
  const result = await socksTunnelsFrom(gateway.socksPort, login, target(), from, count);
  open.push(...result.sockets);
  return result;
}

describe('the many-addresses rule through the real gateway', () => {
  it('admits two addresses with any number of connections, refuses a third on SOCKS5 and HTTP, and a cleared list lets it in', async () => {
    const r = await rental();
    const first = await tunnels(r.login, '127.0.0.2', 20);
    expect(first).toMatchObject({ refused: null });
    expect(first.sockets).toHaveLength(20);
    expect((await tunnels(r.login, '127.0.0.3', 20)).sockets).toHaveLength(20);
    expect(await httpOverSocket(first.sockets[0]!, '/one')).toContain('"path":"/one"');

    // Accepted credentials, a request not allowed by the ruleset: not a failed login.
    expect(await tunnels(r.login, '127.0.0.4', 1)).toMatchObject({ refused: { refused: 'connect', code: 2 } });
    const plain = await httpGetFrom(gateway.httpPort, r.login, `${origin.url}/plain`, '127.0.0.4');
    expect(plain).toEqual({ status: 403, body: TOO_MANY_SOURCES });
    const connect = await connectFrom(gateway.httpPort, r.login, `127.0.0.1:${origin.port}`, '127.0.0.4');
    expect(connect).toMatch(/^HTTP\/1\.1 403 /);
    expect(connect).toContain(TOO_MANY_SOURCES);
    expect(gateway.stats().authFailures).toBe(0);
    expect(gateway.stats().refused['rental-sources']).toBeGreaterThanOrEqual(3);
    // A known address goes on working, on the other front too.
    expect((await httpGetFrom(gateway.httpPort, r.login, `${origin.url}/again`, '127.0.0.3')).status).toBe(200);

    const customer = customerCall(t, r.apiKey);
    const listed = await customer.get(`/api/proxy/sources?proxy_id=${r.proxyId}`);
    expect(listed.statusCode).toBe(200);
    const body = listed.json<{ sources: { address: string }[]; limit: number; window_hours: number }>();
    expect(body.sources.map((source) => source.address)).toEqual(['127.0.0.2', '127.0.0.3']);
    expect(body).toMatchObject({ limit: LIMIT, window_hours: 24 });

    const token = await adminToken(t);
    const inventory = await adminCall(t, token).get('/api/admin/proxies');
    const row = inventory
      .json<{ proxies: { id: number; sourceIps: number | null }[] }>()
      .proxies.find((proxy) => proxy.id === r.proxyId);
    expect(row?.sourceIps).toBe(2);

    // Clearing ends what the removed addresses hold open, and the third address gets in.
    const cleared = await customer.post('/api/proxy/sources/clear', { proxy_id: r.proxyId });
    expect(cleared.json()).toEqual({ success: true, cleared: 2 });
    await until(() => first.sockets.every((socket) => socket.destroyed));
    expect((await httpGetFrom(gateway.httpPort, r.login, `${origin.url}/after`, '127.0.0.4')).status).toBe(200);
    expect((await tunnels(r.login, '127.0.0.5', 1)).sockets).toHaveLength(1);
    expect(await tunnels(r.login, '127.0.0.6', 1)).toMatchObject({ refused: { refused: 'connect', code: 2 } });
  });

  it("someone else's rental is not found; a proxy's own limit from the console overrides the default, audited", async () => {
    const r = await rental();
    const stranger = await rental();
    const other = customerCall(t, stranger.apiKey);
    expect((await other.get(`/api/proxy/sources?proxy_id=${r.proxyId}`)).statusCode).toBe(404);
    expect((await other.post('/api/proxy/sources/clear', { proxy_id: r.proxyId })).statusCode).toBe(404);
    // What the terms state: the shop's own rules, to anyone.
    const facts = await t.app.inject({ method: 'GET', url: '/api/storefront' });
    expect(facts.json()).toMatchObject({ rules: { maxConnections: 0, maxSourceIps: LIMIT, sourceWindowHours: 24 } });

    const token = await adminToken(t);
    const setLimit = (maxSourceIps: unknown, id = r.proxyId) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/proxies/${id}/max-source-ips`,
        headers: { authorization: `Bearer ${token}` },
        payload: { maxSourceIps },
      });
    expect((await setLimit(-1)).statusCode).toBe(400);
    expect((await setLimit('many')).statusCode).toBe(400);
    expect((await setLimit(1, 999_999)).statusCode).toBe(404);

    expect((await setLimit(1)).json()).toEqual({ success: true, id: r.proxyId, maxSourceIps: 1 });
    await until(() => gateway.store.usable(r.login.user)?.maxSourceIps === 1);
    expect((await tunnels(r.login, '127.0.0.7', 1)).sockets).toHaveLength(1);
    expect(await tunnels(r.login, '127.0.0.8', 1)).toMatchObject({ refused: { code: 2 } });
    const listed = await customerCall(t, r.apiKey).get(`/api/proxy/sources?proxy_id=${r.proxyId}`);
    expect(listed.json()).toMatchObject({ limit: 1 });

    expect((await setLimit(0)).statusCode).toBe(200);
    await until(() => gateway.store.usable(r.login.user)?.maxSourceIps === 0);
    for (const from of ['127.0.0.8', '127.0.0.9', '127.0.0.10']) {
      expect((await tunnels(r.login, from, 1)).sockets).toHaveLength(1);
    }
    expect((await setLimit(null)).statusCode).toBe(200);
    const audit = await adminCall(t, token).get('/api/admin/audit');
    expect(audit.body).toContain('proxies.max-source-ips');
  });

  it("holds on a rental's own port (IP authorization), where the listed addresses count too", async () => {
    const r = await rental();
    const listed = ['127.0.0.41', '127.0.0.42', '127.0.0.43'];
    const answer = await customerCall(t, r.apiKey).post('/api/proxy/ip-auth', { proxy_id: r.proxyId, ips: listed });
    const port = answer.json<{ ip_auth: { port: number } }>().ip_auth.port;
    await until(() => gateway.ownPorts.listening.includes(port));
    for (const from of listed.slice(0, 2)) {
      const result = await socks5Connect(port, target(), { from });
      expect(result).toHaveProperty('socket');
      if ('socket' in result) open.push(result.socket);
    }
    expect(await socks5Connect(port, target(), { from: listed[2] })).toEqual({ refused: 'connect', code: 2 });
    expect(await rawConnect(port, '', `127.0.0.1:${origin.port}`, listed[2])).toMatch(/^HTTP\/1\.1 403 /);
    // The password on the shared port from a third address: the same list, the same refusal.
    expect(await tunnels(r.login, '127.0.0.44', 1)).toMatchObject({ refused: { code: 2 } });
  });
});

describe('the rule in memory and in the database', () => {
  const accessOf = async (maxSourceIps: number | null): Promise<Access> => {
    const row = await connectedRentalRow(t);
    return {
      rentalId: row.id,
      username: row.username,
      password: row.password,
      status: row.status,
      endTime: row.endTime!,
      upstream: 'direct',
      proxyEnabled: true,
      maxConnections: null,
      maxSourceIps,
    };
  };
  const storedOf = async (rentalId: number) =>
    (await t.database.db.select().from(rentalSources).where(eq(rentalSources.rentalId, rentalId)))
      .map((row) => row.source)
      .sort();

  it('counts an IPv6 client by its /64 and an IPv4-mapped client as its IPv4 address', async () => {
    const sources = new RentalSources({
      ledger: databaseLedger(t.database.db),
      clock: new ManualClock(),
      defaultMax: 2,
    });
    const access = await accessOf(null);
    const admit = (address: string) => sources.admit(access, address, new net.Socket());
    expect(await admit('2001:db8:1:2::1')).toBe(true);
    expect(await admit('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(true);
    expect(await admit('::ffff:192.0.2.9')).toBe(true);
    expect(await admit('192.0.2.9')).toBe(true);
    expect(await admit('2001:db8:1:3::1')).toBe(false);
    expect(await storedOf(access.rentalId)).toEqual(['192.0.2.9', '2001:db8:1:2::/64']);
    sources.close();
  });

  it('forgets an address once it has gone unused for the window; use keeps it, in every process', async () => {
    const clock = new ManualClock();
    const windowMs = 24 * HOUR;
    // Two processes' memories over one database.
    const one = new RentalSources({ ledger: databaseLedger(t.database.db), clock, defaultMax: 1, windowMs });
    const two = new RentalSources({ ledger: databaseLedger(t.database.db), clock, defaultMax: 1, windowMs });
    const access = await accessOf(null);
    const admit = (sources: RentalSources, address: string) => sources.admit(access, address, new net.Socket());
    expect(await admit(one, '198.51.100.1')).toBe(true);
    expect(await admit(two, '198.51.100.2')).toBe(false);

    // Used again after 23 hours: its last use is written back, so it holds the place on.
    clock.advance(23 * HOUR);
    expect(await admit(one, '198.51.100.1')).toBe(true);
    await until(async () => {
      const [row] = await t.database.db.select().from(rentalSources).where(eq(rentalSources.rentalId, access.rentalId));
      return row?.lastSeen.getTime() === clock.now().getTime();
    });
    clock.advance(2 * HOUR);
    expect(await admit(two, '198.51.100.2')).toBe(false);

    // A whole window without use: the place is free, and the old address is the new one now.
    clock.advance(windowMs);
    expect(await admit(two, '198.51.100.2')).toBe(true);
    expect(await admit(one, '198.51.100.1')).toBe(false);
    expect(await storedOf(access.rentalId)).toEqual(['198.51.100.2']);
    one.close();
    two.close();
  });
});
