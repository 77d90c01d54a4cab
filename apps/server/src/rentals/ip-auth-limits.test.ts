import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, rentalIpAuth } from '../db/schema';
import type { Gateway } from '../gateway/gateway';
import { socks5Connect, until } from '../../test/gateway-kit';
import { customerCall, type TestApp } from '../../test/helper';
import { gatewayRigPerFile, type GatewayRig } from '../../test/gateway-rig-kit';
import { connectStatus, plainGet, rentedForIpAuth } from '../../test/ip-auth-kit';
import { EVERY_IPV4_CLIENT } from '../../test/ipv4-wide-spellings';
import { narrowStoredIpAuthLists } from './ip-auth';

let t: TestApp;
let gateway: Gateway;
let origin: GatewayRig['origin'];

/** An address no test lists: the attacker's. */
const OUTSIDER = '127.9.9.9';

gatewayRigPerFile(
  {
    ports: 6,
    env: { REGISTER_RATE_LIMIT: '1000', IP_AUTH_PORTS_PER_CUSTOMER: '2' },
    gateway: (_app, local) => ({ privateTargets: 'deny', privateTargetException: `${local.url}/healthz` }),
  },
  (rig) => ({ t, gateway, origin } = rig),
);

const rented = (apiKey?: string) => rentedForIpAuth(t, gateway, apiKey);
const setIps = (apiKey: string, proxyId: number, ips: unknown) =>
  customerCall(t, apiKey).post('/api/proxy/ip-auth', { proxy_id: proxyId, ips });

/** Whether a client from `from` gets through the own port without a password, on SOCKS5 and on HTTP. */
async function passwordFree(port: number, from: string) {
  const socks = await socks5Connect(port, { host: '127.0.0.1', port: origin.port }, { from });
  if ('socket' in socks) socks.socket.destroy();
  return {
    socks5: 'socket' in socks,
    connect: /^HTTP\/1\.1 200/.test(await connectStatus(port, '', `127.0.0.1:${origin.port}`, from)),
    plain: (await plainGet(port, `${origin.url}/healthz`, { from })).status === 200,
  };
}
const NOTHING = { socks5: false, connect: false, plain: false };
const EVERYTHING = { socks5: true, connect: true, plain: true };

describe('IP authorization lists are as wide as what they match', () => {
  it('refuses every spelling that reached all IPv4 clients with a 400 naming the limit, and changes nothing', async () => {
    const rental = await rented();
    for (const entry of EVERY_IPV4_CLIENT) {
      const response = await setIps(rental.apiKey, rental.proxyId, [entry]);
      expect(response.statusCode, entry).toBe(400);
      expect(response.json<{ error: string }>().error, entry).toMatch(/too wide: .*at most a \/24 of IPv4/);
    }
    // The IPv4-compatible block holds :: and ::1 (the loopback a local TCP relay connects from):
    // refused at any width.
    for (const entry of ['::/120', '::1', '::/128', '0:0:0:0:0:0:0:1/127']) {
      const response = await setIps(rental.apiKey, rental.proxyId, [entry]);
      expect(response.statusCode, entry).toBe(400);
      expect(response.json<{ error: string }>().error, entry).toMatch(/IPv4-compatible block/);
    }
    const [stored] = await t.database.db.select().from(rentalIpAuth).where(eq(rentalIpAuth.rentalId, rental.rentalId));
    expect(stored).toBeUndefined();
  });

  it('takes a narrow IPv4-mapped range as the IPv4 range it is, and admits nobody outside it', async () => {
    const rental = await rented();
    const response = await setIps(rental.apiKey, rental.proxyId, [
      '::ffff:127.0.0.0/120',
      '::FFFF:127.0.0.77',
      '127.0.0.0/024',
    ]);
    expect(response.statusCode).toBe(200);
    const { ip_auth: ipAuth } = response.json<{ ip_auth: { port: number; ips: string[] } }>();
    // One spelling each: the mapped range in IPv4 notation, the prefix without leading zeros (so
    // the third entry is the first one again).
    expect(ipAuth.ips).toEqual(['127.0.0.0/24', '127.0.0.77']);
    await until(() => gateway.ownPorts.listening.includes(ipAuth.port));
    expect(await passwordFree(ipAuth.port, '127.0.0.1')).toEqual(EVERYTHING);
    expect(await passwordFree(ipAuth.port, OUTSIDER)).toEqual(NOTHING);
    expect(await passwordFree(ipAuth.port, '127.0.1.1')).toEqual(NOTHING);
    await setIps(rental.apiKey, rental.proxyId, []);
  });

  it('never widens a list stored before the rules, and narrows it at start with an audit line', async () => {
    const rental = await rented();
    const set = await setIps(rental.apiKey, rental.proxyId, ['127.0.0.1']);
    const { port } = set.json<{ ip_auth: { port: number } }>().ip_auth;
    await until(() => gateway.ownPorts.listening.includes(port));
    // As an older version could have stored it.
    await t.database.db
      .update(rentalIpAuth)
      .set({ ips: ['::/64', '::ffff:0:0/96', '127.0.0.5'] })
      .where(eq(rentalIpAuth.port, port));
    // The gateway has the stored list once 127.0.0.5 gets in, and it ignores what the rules refuse.
    await until(async () => (await passwordFree(port, '127.0.0.5')).socks5);
    expect(await passwordFree(port, OUTSIDER)).toEqual(NOTHING);
    expect(await passwordFree(port, '127.0.0.1')).toEqual(NOTHING);
    expect(await passwordFree(port, '127.0.0.5')).toEqual(EVERYTHING);

    expect(await narrowStoredIpAuthLists(t.database.db, t.clock)).toBe(1);
    const [row] = await t.database.db.select().from(rentalIpAuth).where(eq(rentalIpAuth.port, port));
    expect(row?.ips).toEqual(['127.0.0.5']);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'ip_auth.narrowed'));
    expect(audit.at(-1)?.details).toMatchObject({ rentalId: rental.rentalId, removed: ['::/64', '::ffff:0:0/96'] });
    // Nothing left to narrow: a second start changes nothing.
    expect(await narrowStoredIpAuthLists(t.database.db, t.clock)).toBe(0);

    // A list with nothing allowed left gives its port back.
    await t.database.db
      .update(rentalIpAuth)
      .set({ ips: ['::/0'] })
      .where(eq(rentalIpAuth.port, port));
    expect(await narrowStoredIpAuthLists(t.database.db, t.clock)).toBe(1);
    expect(await t.database.db.select().from(rentalIpAuth).where(eq(rentalIpAuth.port, port))).toEqual([]);
    await until(() => !gateway.ownPorts.listening.includes(port));
  });
});

describe('own ports per customer (IP_AUTH_PORTS_PER_CUSTOMER=2)', () => {
  it('refuses a third port to one customer with its own 409, and still gives one to another', async () => {
    const first = await rented();
    const second = await rented(first.apiKey);
    const third = await rented(first.apiKey);
    expect((await setIps(first.apiKey, first.proxyId, ['127.0.0.1'])).statusCode).toBe(200);
    expect((await setIps(first.apiKey, second.proxyId, ['127.0.0.1'])).statusCode).toBe(200);
    const refused = await setIps(first.apiKey, third.proxyId, ['127.0.0.1']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'IP_AUTH_PORT_LIMIT_REACHED' });
    expect(refused.json<{ error: string }>().error).toMatch(/on 2 rentals/);
    // A rental that holds a port changes its list; the refused one holds none.
    expect((await setIps(first.apiKey, first.proxyId, ['127.0.0.2'])).statusCode).toBe(200);
    expect(await t.database.db.select().from(rentalIpAuth).where(eq(rentalIpAuth.rentalId, third.rentalId))).toEqual(
      [],
    );

    const other = await rented();
    expect((await setIps(other.apiKey, other.proxyId, ['127.0.0.1'])).statusCode).toBe(200);

    // Giving one back makes room again.
    await setIps(first.apiKey, second.proxyId, []);
    expect((await setIps(first.apiKey, third.proxyId, ['127.0.0.1'])).statusCode).toBe(200);
    for (const rental of [first, third, other]) await setIps(rental.apiKey, rental.proxyId, []);
  });

  it('holds when one customer asks for two ports at once', async () => {
    const held = await rented();
    const a = await rented(held.apiKey);
    const b = await rented(held.apiKey);
    expect((await setIps(held.apiKey, held.proxyId, ['127.0.0.1'])).statusCode).toBe(200);
    const answers = await Promise.all([
      setIps(held.apiKey, a.proxyId, ['127.0.0.1']),
      setIps(held.apiKey, b.proxyId, ['127.0.0.1']),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    for (const rental of [held, a, b]) await setIps(rental.apiKey, rental.proxyId, []);
  });
});
