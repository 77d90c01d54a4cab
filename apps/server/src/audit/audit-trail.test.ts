import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { adminCall, addProxies, adminToken, buildTestApp, type TestApp } from '../../test/helper';
import { createdOperator, operatorLogin, operatorToken } from '../../test/operator-kit';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_LOGIN_RATE_LIMIT: '10000' } });
  owner = await adminToken(t);
});

afterAll(async () => {
  await t.close();
});

interface Page {
  entries: { id: number; action: string; count: number; operatorName: string | null; details: unknown }[];
  nextCursor: string | null;
}

async function audit(query: string): Promise<Page> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit?${query}`,
    headers: { authorization: `Bearer ${owner}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

const rowCount = async () => (await t.database.db.select({ id: auditLog.id }).from(auditLog)).length;

describe('the audit log: pages, filters, and floods that do not drown it', () => {
  it('reaches a proxies.disable row behind 1,000 later ones, by paging and by filter', async () => {
    const [proxyId] = await addProxies(t, 1);
    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/admin/proxies/${proxyId}/disable`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(disable.statusCode).toBe(200);
    const disabledAt = t.clock.now();
    t.clock.advance(60_000);
    // 1,000 later rows, as a busy day of other actions leaves them.
    const later = Array.from({ length: 1000 }, (_, i) => ({
      at: t.clock.now(),
      actor: 'api',
      action: 'news.add',
      details: { id: i },
      operatorName: 'owner',
      source: '127.0.0.1',
    }));
    await t.database.db.insert(auditLog).values(later);

    const seen = new Set<number>();
    let page = await audit('limit=100');
    let pages = 1;
    let found: Page['entries'][number] | undefined;
    for (;;) {
      for (const entry of page.entries) {
        expect(seen.has(entry.id)).toBe(false);
        seen.add(entry.id);
      }
      found = page.entries.find((entry) => entry.action === 'proxies.disable');
      if (found || !page.nextCursor) break;
      page = await audit(`limit=100&cursor=${page.nextCursor}`);
      pages += 1;
    }
    expect(found).toMatchObject({ action: 'proxies.disable', operatorName: 'owner', details: { id: proxyId } });
    expect(pages).toBe(11);

    // The filters find it at once: by action, by family of actions, by time range, by operator.
    expect((await audit('action=proxies.disable')).entries.map((e) => e.action)).toEqual(['proxies.disable']);
    expect((await audit('action=proxies')).entries.map((e) => e.action)).toEqual(['proxies.disable']);
    const window = `from=${new Date(disabledAt.getTime() - 1000).toISOString()}&to=${disabledAt.toISOString()}`;
    expect((await audit(window)).entries.map((e) => e.action)).toContain('proxies.disable');
    expect((await audit(`${window}&action=news`)).entries).toEqual([]);
    const ownerId = (await t.database.db.select().from(auditLog)).find(
      (r) => r.action === 'proxies.disable',
    )?.operatorId;
    expect((await audit(`operatorId=${ownerId}&action=proxies`)).entries).toHaveLength(1);
  });

  it('refuses bad filters with a 400', async () => {
    for (const query of ['cursor=abc', 'from=yesterday', 'action=DROP%20TABLE', 'limit=501', 'limit=0']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit?${query}`,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('collapses a flood of 500 failed logins from one source into a row a minute with a count', async () => {
    const before = await rowCount();
    for (let i = 0; i < 500; i += 1) {
      const response = await operatorLogin(t, `wrong-secret-${i}`, undefined, '203.0.113.9');
      expect(response.statusCode).toBe(401);
    }
    const rows = (await t.database.db.select().from(auditLog)).filter((r) => r.action === 'admin.login_failed');
    expect((await rowCount()) - before).toBeLessThanOrEqual(2);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(500);
    expect((await audit('action=admin.login_failed')).entries[0]).toMatchObject({ count: 500 });
  });

  it('counts an IPv6 /64 as one source, and a new minute starts a new row', async () => {
    const before = await rowCount();
    for (let i = 1; i <= 200; i += 1) {
      await operatorLogin(t, 'wrong', undefined, `2001:db8:1:2:${i.toString(16)}::${i}`);
    }
    expect((await rowCount()) - before).toBe(1);
    t.clock.advance(60_000);
    await operatorLogin(t, 'wrong', undefined, '2001:db8:1:2::ffff');
    expect((await rowCount()) - before).toBe(2);
  });

  it("collapses a manager's repeated refusals; the owner's real action stays on the first page", async () => {
    const manager = await createdOperator(t, 'manager', 'Flooder', owner);
    const token = await operatorToken(t, manager.secretCode);
    const [proxyId] = await addProxies(t, 1);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/proxies/${proxyId}/disable`,
      headers: { authorization: `Bearer ${owner}` },
    });
    const before = await rowCount();
    for (let i = 0; i < 520; i += 1) {
      const refused = await adminCall(t, token).get('/api/admin/audit');
      expect(refused.statusCode).toBe(403);
    }
    expect((await rowCount()) - before).toBe(1);
    const first = await audit('limit=50');
    expect(first.entries[0]).toMatchObject({ action: 'admin.forbidden', operatorName: 'Flooder', count: 520 });
    expect(first.entries.some((e) => e.action === 'proxies.disable')).toBe(true);
  });

  it('groups IPv6 sources by /64 in the admin login limit', async () => {
    const limited = await buildTestApp({ env: { ADMIN_LOGIN_RATE_LIMIT: '3' } });
    try {
      const login = (address: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          remoteAddress: address,
          payload: { secretCode: 'x' },
        });
      for (let i = 1; i <= 3; i += 1) expect((await login(`2001:db8:5:6::${i}`)).statusCode).toBe(401);
      expect((await login('2001:db8:5:6:ffff:1:2:3')).statusCode).toBe(429);
      expect((await login('2001:db8:5:7::1')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
