import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { proxies } from '../db/schema';
import { appPerFile, buildTestApp, type TestApp, adminToken } from '../../test/helper';

let t: TestApp;
let token: string;
appPerFile({ env: { ADMIN_LOGIN_RATE_LIMIT: '1000' } }, async (app) => {
  t = app;
  token = await adminToken(app);
});

const auth = () => ({ authorization: `Bearer ${token}` });
const importJson = (rows: unknown[], headers: Record<string, string> = auth()) =>
  t.app.inject({ method: 'POST', url: '/api/admin/proxies', headers, payload: { proxies: rows } });
const importCsv = (csv: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/proxies',
    headers: { ...auth(), 'content-type': 'text/csv' },
    payload: csv,
  });

async function inventorySize(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(proxies);
  return row?.n ?? 0;
}

const row = (overrides: Record<string, unknown> = {}) => ({
  ip: '192.0.2.10',
  port: 1080,
  protocol: 'socks5',
  type: 'Residential',
  country: 'us',
  region: 'California',
  city: 'Los Angeles',
  isp: 'Comcast',
  zip: '90012',
  fraud_score: 12,
  upstream: 'socks5://user:pass@203.0.113.9:1080',
  ...overrides,
});

describe('admin login', () => {
  it('gives a token for the secret code, which verifies', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { secretCode: t.config.adminSecret },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json<{ token: string; expiresAt: string }>();
    expect(new Date(body.expiresAt).getTime()).toBe(t.clock.now().getTime() + 12 * 3_600_000);
    const verify = await t.app.inject({ method: 'POST', url: '/api/admin/verify', payload: { token: body.token } });
    expect(verify.json()).toEqual({ success: true });
  });

  it('refuses a wrong secret code with "Invalid secret code"', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { secretCode: 'wrong-secret' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ success: false, error: 'Invalid secret code' });
  });

  it('refuses unknown and expired tokens', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/verify', payload: { token: 'nope' } });
    expect(unknown.statusCode).toBe(401);
    const fresh = await buildTestApp({ database: t.database });
    try {
      const { token: short } = (
        await fresh.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { secretCode: t.config.adminSecret },
        })
      ).json<{ token: string }>();
      fresh.clock.advance(12 * 3_600_000 + 1);
      const expired = await fresh.app.inject({ method: 'POST', url: '/api/admin/verify', payload: { token: short } });
      expect(expired.statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('rate-limits login attempts per address', async () => {
    const limited = await buildTestApp({ database: t.database, env: { ADMIN_LOGIN_RATE_LIMIT: '2' } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          remoteAddress: '192.0.2.99',
          payload: { secretCode: 'x' },
        });
      await attempt();
      await attempt();
      const locked = await attempt();
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'ADMIN_RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});

describe('admin logout and the audit of admin sessions', () => {
  it('revokes the token on the server, so a copy of it fails verify and every operator call', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '192.0.2.50',
      payload: { secretCode: t.config.adminSecret },
    });
    const { token: copied } = login.json<{ token: string }>();
    const bearer = { authorization: `Bearer ${copied}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer })).statusCode).toBe(200);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      remoteAddress: '192.0.2.50',
      headers: bearer,
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    const verify = await t.app.inject({ method: 'POST', url: '/api/admin/verify', payload: { token: copied } });
    expect(verify.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer })).statusCode).toBe(401);
    // Logging out twice, or with no token, is refused like any call without a valid token.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer })).statusCode).toBe(401);
    // Other tokens are untouched.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/verify', payload: { token } })).statusCode).toBe(200);
  });

  it('lists logins, failed logins and logouts with their source address', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '198.51.100.77',
      payload: { secretCode: 'a wrong guess' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '198.51.100.78',
      payload: { secretCode: t.config.adminSecret },
    });
    const own = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', remoteAddress: '198.51.100.78', headers: own });
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: auth() });
    type Entry = { actor: string; action: string; source: string | null; operatorName: string | null };
    const entries = audit.json<{ entries: Entry[] }>().entries;
    const recent = entries.filter((entry) => entry.source?.startsWith('198.51.100.'));
    expect(recent.map((entry) => [entry.action, entry.source, entry.actor, entry.operatorName])).toEqual([
      ['admin.logout', '198.51.100.78', 'api', 'owner'],
      ['admin.login', '198.51.100.78', 'api', 'owner'],
      ['admin.login_failed', '198.51.100.77', 'api', null],
    ]);
    // The secret itself is never written down, right or wrong.
    expect(JSON.stringify(entries)).not.toContain(t.config.adminSecret);
    expect(JSON.stringify(entries)).not.toContain('a wrong guess');
  });
});

describe('inventory import', () => {
  it('refuses calls without a valid Bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: token }] as Record<
      string,
      string
    >[]) {
      const response = await importJson([row()], headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'ADMIN_TOKEN_INVALID' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/proxies' })).statusCode).toBe(401);
  });

  it('imports JSON rows, normalizing case, and lists them without upstream credentials', async () => {
    const response = await importJson([row(), row({ ip: '192.0.2.11', upstream: 'direct' })]);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ added: number; ids: number[] }>();
    expect(body.added).toBe(2);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/proxies', headers: auth() });
    expect(listed.body).not.toContain('pass@');
    const first = listed.json<{ proxies: Record<string, unknown>[] }>().proxies.find((p) => p.id === body.ids[0]);
    expect(first).toMatchObject({
      protocol: 'SOCKS5',
      type: 'residential',
      country: 'US',
      state: 'free',
      upstreamKind: 'socks5 203.0.113.9:1080',
    });
  });

  it('imports CSV with a header row in any order', async () => {
    const csv = [
      'country,ip,port,protocol,type,region,city,isp,zip,fraud_score,upstream',
      'GB,192.0.2.20,8080,HTTP,datacenter,England,London,"BT, Group",EC1A 1BB,55,direct',
      'GB,192.0.2.21,8080,HTTP,mobile,England,London,EE,EC1A,0,http://u:p@203.0.113.7:3128',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, added: 2 });
  });

  it('stores nothing when any row is invalid, naming each row and field', async () => {
    const before = await inventorySize();
    const response = await importJson([
      row({ ip: '192.0.2.30' }),
      row({ ip: '192.0.2.31', port: 70000 }),
      row({ ip: 'not-an-ip', fraud_score: 101 }),
      row({ ip: '192.0.2.30' }),
      row({ ip: '192.0.2.32', upstream: 'ftp://x' }),
      { ip: '192.0.2.33' },
    ]);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; problems: { row: number; field: string; message: string }[] }>();
    expect(body.error).toBe('Row 2, port: port must be a whole number from 1 to 65535 (6 problems in all)');
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { row: 3, field: 'ip', message: 'ip must be an IPv4 or IPv6 address' },
        { row: 3, field: 'fraud_score', message: 'fraud_score must be a whole number from 0 to 100' },
        { row: 4, field: 'ip', message: 'ip and port repeat row 1' },
        expect.objectContaining({ row: 5, field: 'upstream' }),
        // Every catalogue field may be left to discovery; the upstream may not.
        { row: 6, field: 'upstream', message: 'upstream is required' },
      ]),
    );
    expect(await inventorySize()).toBe(before);
  });

  it('refuses rows that are already in the inventory', async () => {
    await importJson([row({ ip: '192.0.2.40' })]);
    const before = await inventorySize();
    const response = await importJson([row({ ip: '192.0.2.41' }), row({ ip: '192.0.2.40' })]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(
      'Row 2, ip: a proxy with ip and port 192.0.2.40:1080 is already in the inventory',
    );
    expect(await inventorySize()).toBe(before);
  });

  it("stores a row without a port at its upstream's port, a scheme's default port included", async () => {
    const upstream = 'http://u:p@203.0.113.9:80';
    const first = await importJson([{ ...row({ ip: '192.0.2.42', upstream }), port: undefined }]);
    expect(first.statusCode).toBe(200);
    const [stored] = await t.database.db
      .select({ port: proxies.port })
      .from(proxies)
      .where(eq(proxies.id, first.json<{ ids: number[] }>().ids[0] ?? 0));
    expect(stored?.port).toBe(80);
    const again = await importJson([{ ...row({ ip: '192.0.2.42', upstream }), port: undefined }]);
    expect(again.json<{ error: string }>().error).toBe(
      'Row 1, ip: a proxy with ip and port 192.0.2.42:80 is already in the inventory',
    );
  });

  it('refuses an unreadable CSV and an empty import', async () => {
    expect((await importCsv('ip,port\n"unclosed,1')).statusCode).toBe(400);
    expect((await importJson([])).statusCode).toBe(400);
  });

  it('disables and enables a proxy by id', async () => {
    const { ids } = (await importJson([row({ ip: '192.0.2.50' })])).json<{ ids: number[] }>();
    const id = ids[0];
    const disabled = await t.app.inject({ method: 'POST', url: `/api/admin/proxies/${id}/disable`, headers: auth() });
    expect(disabled.json()).toEqual({
      success: true,
      id,
      enabled: false,
      affectedRentals: 0,
      replaced: 0,
      dryRun: false,
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/proxies/999999/disable', headers: auth() });
    expect(missing.statusCode).toBe(404);
    const enabled = await t.app.inject({ method: 'POST', url: `/api/admin/proxies/${id}/enable`, headers: auth() });
    expect(enabled.json()).toEqual({ success: true, id, enabled: true });
  });
});

describe('balance adjustment', () => {
  it("changes a customer's balance by id or referral key with a reason, never below zero", async () => {
    const { registerCustomer } = await import('../../test/helper');
    const apiKey = await registerCustomer(t.app);
    const referralKey = (
      await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-api-key': apiKey } })
    ).json<{ referral_key: string }>().referral_key;
    const adjust = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/customers/adjust', headers: auth(), payload });

    const credited = await adjust({ customer: referralKey, amount: 12.5, reason: 'welcome bonus' });
    expect(credited.json()).toMatchObject({ success: true, wallet: 12.5 });
    const { customerId } = credited.json<{ customerId: number }>();
    expect((await adjust({ customer: customerId, amount: -2.25, reason: 'correction' })).json()).toMatchObject({
      wallet: 10.25,
    });

    const negative = await adjust({ customer: customerId, amount: -11, reason: 'too much' });
    expect(negative.statusCode).toBe(409);
    expect(negative.json()).toMatchObject({ error: 'The adjustment would make the balance negative' });
    expect((await adjust({ customer: customerId, amount: 1, reason: '  ' })).statusCode).toBe(400);
    expect((await adjust({ customer: customerId, amount: 1.234, reason: 'x' })).statusCode).toBe(400);
    expect((await adjust({ customer: 'nobody', amount: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await adjust({ customer: '99999999999999999999', amount: 1, reason: 'x' })).statusCode).toBe(404);
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/customers/adjust',
      payload: { customer: customerId, amount: 1, reason: 'x' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    const wallet = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { 'x-api-key': apiKey } });
    expect(wallet.json()).toEqual({ success: true, wallet: 10.25 });
  });
});
