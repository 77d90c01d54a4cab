import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rentalIpAuth, rentals } from '../db/schema';
import type { Gateway } from '../gateway/gateway';
import { basic, downloadUntilCut, httpOverSocket, socks5Connect, until } from '../../test/gateway-kit';
import { addProxies, buildTestApp, customerCall, fundedCustomer, type TestApp } from '../../test/helper';
import { startTestGateway } from '../../test/live-rental-kit';
import { gatewayRigPerFile, type GatewayRig } from '../../test/gateway-rig-kit';
import { connectStatus, plainGet, rentedForIpAuth } from '../../test/ip-auth-kit';

let t: TestApp;
let gateway: Gateway;
let origin: GatewayRig['origin'];
let range: GatewayRig['range'];
gatewayRigPerFile(
  {
    // Two ports, free on 127.0.0.1 and 127.0.0.3 (the second gateway): the third allocation finds none.
    ports: 2,
    portHosts: ['127.0.0.1', '127.0.0.3'],
    env: { REGISTER_RATE_LIMIT: '1000', GATEWAY_HOST: 'gw.example' },
    // Private targets refused as in production, but for the origin (the demo's /healthz exception).
    gateway: (_app, local) => ({ privateTargets: 'deny', privateTargetException: `${local.url}/healthz` }),
  },
  (rig) => ({ t, gateway, origin, range } = rig),
);

const rented = (apiKey?: string) => rentedForIpAuth(t, gateway, apiKey);

const setIps = (apiKey: string, proxyId: number, ips: unknown) =>
  customerCall(t, apiKey).post('/api/proxy/ip-auth', { proxy_id: proxyId, ips });

const historyRow = async (apiKey: string, proxyId: number) =>
  (await customerCall(t, apiKey).get('/api/proxy/history'))
    .json<{ history: { id: number; ip_auth: unknown }[] }>()
    .history.find((row) => row.id === proxyId);

const healthz = { host: '127.0.0.1', port: 0, path: '/healthz' };

describe('IP authorization through the real gateway', () => {
  it('lets a listed address in without a password on the rental port, refuses others, and takes the password from anywhere', async () => {
    const rental = await rented();
    const target = { ...healthz, port: origin.port };
    const response = await setIps(rental.apiKey, rental.proxyId, ['127.0.0.1', '2001:db8::/64']);
    expect(response.statusCode).toBe(200);
    const { ip_auth: ipAuth, address } = response.json<{ ip_auth: { port: number; ips: string[] }; address: string }>();
    expect(ipAuth.port).toBe(range.first);
    expect(address).toBe(`gw.example:${range.first}`);
    expect(await historyRow(rental.apiKey, rental.proxyId)).toMatchObject({
      ip_auth: { port: range.first, ips: ['127.0.0.1', '2001:db8::/64'] },
    });
    const port = ipAuth.port;
    await until(() => gateway.ownPorts.listening.includes(port));

    // SOCKS5, no authentication, from the listed address.
    const own = await socks5Connect(port, target);
    expect('socket' in own && (await httpOverSocket(own.socket, '/healthz'))).toMatch(/^HTTP\/1\.1 200/);
    // HTTP on the same port: CONNECT and plain forwarding without Proxy-Authorization.
    expect(await connectStatus(port, '', `127.0.0.1:${origin.port}`)).toMatch(/^HTTP\/1\.1 200/);
    expect((await plainGet(port, `${origin.url}/healthz`)).status).toBe(200);

    // From 127.0.0.2, not listed: refused without the password on both protocols...
    expect(await socks5Connect(port, target, { from: '127.0.0.2' })).toEqual({ refused: 'method', code: 0xff });
    expect(await connectStatus(port, '', `127.0.0.1:${origin.port}`, '127.0.0.2')).toMatch(/^HTTP\/1\.1 407/);
    expect((await plainGet(port, `${origin.url}/healthz`, { from: '127.0.0.2' })).status).toBe(407);
    // ...and let in with it, on the own port and the shared ones.
    const login = { user: rental.user, pass: rental.pass };
    const withPassword = await socks5Connect(port, target, { from: '127.0.0.2', login });
    expect('socket' in withPassword && (await httpOverSocket(withPassword.socket, '/healthz'))).toMatch(/ 200 /);
    const auth = basic(rental.user, rental.pass);
    expect(await connectStatus(port, auth, `127.0.0.1:${origin.port}`, '127.0.0.2')).toMatch(/^HTTP\/1\.1 200/);
    expect((await plainGet(port, `${origin.url}/healthz`, { from: '127.0.0.2', auth })).status).toBe(200);
    expect(await connectStatus(gateway.httpPort, auth, `127.0.0.1:${origin.port}`, '127.0.0.2')).toMatch(/ 200 /);
    // The shared ports never go without a password, whatever the list says.
    expect(await socks5Connect(gateway.socksPort, target)).toEqual({ refused: 'method', code: 0xff });
    expect(await connectStatus(gateway.httpPort, '', `127.0.0.1:${origin.port}`)).toMatch(/^HTTP\/1\.1 407/);

    // Another rental's credentials do not open this port.
    const other = await rented(rental.apiKey);
    const foreign = basic(other.user, other.pass);
    expect(await connectStatus(port, foreign, `127.0.0.1:${origin.port}`, '127.0.0.2')).toMatch(/^HTTP\/1\.1 407/);
    await setIps(rental.apiKey, rental.proxyId, []);
  });

  it("keeps today's rules on the own port: no SMTP, no private targets", async () => {
    const rental = await rented();
    const { port } = (await setIps(rental.apiKey, rental.proxyId, ['127.0.0.0/24'])).json<{
      ip_auth: { port: number };
    }>().ip_auth;
    await until(() => gateway.ownPorts.listening.includes(port));
    expect(await connectStatus(port, '', '127.0.0.1:25')).toMatch(/^HTTP\/1\.1 403/);
    expect(await connectStatus(port, '', '10.0.0.1:80')).toMatch(/^HTTP\/1\.1 403/);
    expect(await socks5Connect(port, { host: '127.0.0.1', port: 587 })).toMatchObject({ refused: 'connect' });
    // A private address that is not the exception (another port of loopback).
    expect(await socks5Connect(port, { host: '127.0.0.1', port: origin.port + 1 })).toEqual({
      refused: 'connect',
      code: 0x02,
    });
    expect((await plainGet(port, 'http://127.0.0.1:25/')).status).toBe(403);
    await setIps(rental.apiKey, rental.proxyId, []);
  });

  it('cuts at end_time within a second, frees the port when the rental ends, and gives it to a later rental', async () => {
    const rental = await rented();
    const { port } = (await setIps(rental.apiKey, rental.proxyId, ['127.0.0.1'])).json<{ ip_auth: { port: number } }>()
      .ip_auth;
    await until(() => gateway.ownPorts.listening.includes(port));
    const own = await socks5Connect(port, { ...healthz, port: origin.port });
    if (!('socket' in own)) throw new Error('the own port refused a listed address');
    const cut = downloadUntilCut(own.socket);
    const endAt = Date.now() + 300;
    await t.database.db
      .update(rentals)
      .set({ endTime: new Date(endAt) })
      .where(eq(rentals.id, rental.rentalId));
    expect((await cut).closedAt - endAt).toBeLessThan(1000);
    // Over but not yet marked expired by the job: the port still listens and refuses.
    expect(await socks5Connect(port, { ...healthz, port: origin.port })).toEqual({ refused: 'method', code: 0xff });

    // The lifecycle job marks it expired: the trigger frees the port, every gateway closes it.
    const endedAt = Date.now();
    await t.database.db.update(rentals).set({ status: 'expired' }).where(eq(rentals.id, rental.rentalId));
    await until(() => !gateway.ownPorts.listening.includes(port), 1000);
    expect(Date.now() - endedAt).toBeLessThan(1000);
    await expect(socks5Connect(port, { ...healthz, port: origin.port })).rejects.toThrow(/ECONNREFUSED/);
    expect(await t.database.db.select().from(rentalIpAuth).where(eq(rentalIpAuth.rentalId, rental.rentalId))).toEqual(
      [],
    );
    expect(await historyRow(rental.apiKey, rental.proxyId)).toMatchObject({ ip_auth: null });

    const later = await rented();
    const reused = await setIps(later.apiKey, later.proxyId, ['127.0.0.1']);
    expect(reused.json<{ ip_auth: { port: number } }>().ip_auth.port).toBe(port);
    await until(() => gateway.ownPorts.listening.includes(port));
    const again = await socks5Connect(port, { ...healthz, port: origin.port });
    expect('socket' in again && (await httpOverSocket(again.socket, '/healthz'))).toMatch(/ 200 /);
    await setIps(later.apiKey, later.proxyId, []);
  });

  it('is a 404 that says nothing for another customer, and an empty list frees the port', async () => {
    const rental = await rented();
    await setIps(rental.apiKey, rental.proxyId, ['127.0.0.1']);
    const before = await historyRow(rental.apiKey, rental.proxyId);
    const stranger = await fundedCustomer(t, 0);
    const theirs = await setIps(stranger.apiKey, rental.proxyId, ['127.0.0.2']);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({
      success: false,
      error: 'You have no rental of this proxy',
      code: 'RENTAL_NOT_FOUND',
    });
    expect(await historyRow(rental.apiKey, rental.proxyId)).toEqual(before);

    const off = await setIps(rental.apiKey, rental.proxyId, []);
    expect(off.json()).toEqual({ success: true, ip_auth: null, address: null });
    expect(await historyRow(rental.apiKey, rental.proxyId)).toMatchObject({ ip_auth: null });
  });

  it('lets several gateway processes agree on the stored port', async () => {
    const second = await startTestGateway(t, { host: '127.0.0.3' });
    try {
      const rental = await rented();
      const { port } = (await setIps(rental.apiKey, rental.proxyId, ['127.0.0.1'])).json<{
        ip_auth: { port: number };
      }>().ip_auth;
      await until(() => gateway.ownPorts.listening.includes(port) && second.ownPorts.listening.includes(port));
      await setIps(rental.apiKey, rental.proxyId, []);
      await until(() => !gateway.ownPorts.listening.includes(port) && !second.ownPorts.listening.includes(port));
    } finally {
      await second.close();
    }
  });
});

describe('IP authorization requests', () => {
  it('refuses more than 5, a bad address and too wide a network with a 400 naming it, and changes nothing', async () => {
    const rental = await rented();
    await setIps(rental.apiKey, rental.proxyId, ['127.0.0.1']);
    const before = await historyRow(rental.apiKey, rental.proxyId);
    const cases: [unknown, RegExp][] = [
      [['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.5', '10.0.0.6'], /at most 5 addresses/],
      // Refused by its length, before thousands of entries are parsed on the API's one thread.
      [
        Array.from({ length: 12_000 }, (_, i) => `2001:db8::${i.toString(16)}/64`),
        /at most 5 addresses \(12000 given\)/,
      ],
      [['10.0.0.1', 'example.com'], /example\.com is not an IPv4 or IPv6 address/],
      [['300.1.1.1'], /300\.1\.1\.1 is not an IPv4 or IPv6 address/],
      [['10.0.0.0/16'], /10\.0\.0\.0\/16 is too wide: list at most a \/24 of IPv4/],
      [['2001:db8::/48'], /2001:db8::\/48 is too wide: list at most a \/64 of IPv6/],
      [['10.0.0.0/33'], /bad prefix length/],
      ['10.0.0.1', /ips/],
    ];
    for (const [ips, message] of cases) {
      const response = await setIps(rental.apiKey, rental.proxyId, ips);
      expect(response.statusCode, JSON.stringify(ips)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
    }
    expect(await historyRow(rental.apiKey, rental.proxyId)).toEqual(before);
    // Equal entries count once; a /24 and a /64 are the widest allowed.
    const ok = await setIps(rental.apiKey, rental.proxyId, [' 10.0.0.0/24 ', '10.0.0.0/24', '2001:DB8::/64']);
    expect(ok.json()).toMatchObject({ ip_auth: { ips: ['10.0.0.0/24', '2001:db8::/64'] } });
    await setIps(rental.apiKey, rental.proxyId, []);
  });

  it('answers 503 with a code when the range has no free port, without a crash', async () => {
    // Three customers, so that each stays under the share of the range one customer may hold.
    const first = await rented();
    const second = await rented();
    const third = await rented();
    expect((await setIps(first.apiKey, first.proxyId, ['127.0.0.1'])).statusCode).toBe(200);
    expect((await setIps(second.apiKey, second.proxyId, ['127.0.0.1'])).statusCode).toBe(200);
    const full = await setIps(third.apiKey, third.proxyId, ['127.0.0.1']);
    expect(full.statusCode).toBe(503);
    expect(full.json()).toMatchObject({ code: 'IP_AUTH_PORTS_EXHAUSTED' });
    // A rental that has a port changes its list without needing another.
    expect((await setIps(first.apiKey, first.proxyId, ['127.0.0.2'])).statusCode).toBe(200);
    await setIps(second.apiKey, second.proxyId, []);
    expect((await setIps(third.apiKey, third.proxyId, ['127.0.0.1'])).statusCode).toBe(200);
    await setIps(first.apiKey, first.proxyId, []);
    await setIps(third.apiKey, third.proxyId, []);
  });

  it('answers 503 IP_AUTH_UNAVAILABLE when the server has no range', async () => {
    const off = await buildTestApp({ env: { GATEWAY_PORT_RANGE: 'off' } });
    try {
      const customer = await fundedCustomer(off, 10_000);
      const [proxyId] = await addProxies(off, 1);
      await customerCall(off, customer.apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 1 });
      const response = await customerCall(off, customer.apiKey).post('/api/proxy/ip-auth', {
        proxy_id: proxyId,
        ips: ['127.0.0.1'],
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'IP_AUTH_UNAVAILABLE' });
    } finally {
      await off.close();
    }
  });
});
