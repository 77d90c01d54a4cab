import type { HistoryRecord, ProxyDisableResponse } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, noticeContacts, notices, proxies, rentals } from '../db/schema';
import type { Gateway } from '../gateway/gateway';
import { until } from '../../test/gateway-kit';
import { verifyLedger } from '../ledger/ledger-service';
import type { StoredPayload } from '../notices/notice-events';
import { renderNotices } from '../notices/render';
import { exitEcho, exitThrough, upstreamWithExit } from '../../test/replacement-kit';
import {
  adminToken,
  addProxies,
  buildTestApp,
  createTestDatabase,
  customerCall,
  fundedCustomer,
  HOUR,
  twoCachedApps,
  walletOf,
  withinASecond,
  type TestApp,
} from '../../test/helper';
import { startTestGateway, connectedPurchase } from '../../test/live-rental-kit';

let t: TestApp;
let gateway: Gateway;
let echo: Awaited<ReturnType<typeof exitEcho>>;
let admin: { authorization: string };
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  gateway = await startTestGateway(t);
  echo = await exitEcho();
  admin = { authorization: `Bearer ${await adminToken(t)}` };
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).mismatches).toEqual([]);
  for (const stop of stops) await stop();
  await gateway.close();
  await echo.close();
  await t.close();
});

async function upstream(exit: string): Promise<string> {
  const started = await upstreamWithExit(exit);
  stops.push(started.stop);
  return started.url;
}

/** A bought rental made connected (end in real time, the gateway's clock), its renter linked to Telegram. */
async function rent(proxyId: number) {
  const { apiKey, ...rental } = await connectedPurchase(t, {
    proxyId,
    hours: 24,
    connectedAt: t.clock.now(),
    endAt: new Date(Date.now() + 24 * HOUR),
  });
  await t.database.db.insert(noticeContacts).values({ userId: rental.userId, telegramChatId: 7_000 + rental.id });
  return { rental, apiKey, userId: rental.userId };
}

const disable = async (proxyId: number, body?: object) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/proxies/${proxyId}/disable`,
    headers: admin,
    ...(body ? { payload: body } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ProxyDisableResponse>();
};
const historyOf = async (apiKey: string) =>
  (await customerCall(t, apiKey).get('/api/proxy/history')).json<{ history: HistoryRecord[] }>().history;
const noticesOf = (userId: number) => t.database.db.select().from(notices).where(eq(notices.userId, userId));
const through = (record: HistoryRecord) =>
  exitThrough(gateway.socksPort, record.proxy_usr, record.proxy_pwd, echo.port);

describe('the operator disables a rented proxy', () => {
  it('counts first, then the renter sees it not working, is told, and may replace it or get a refund', async () => {
    const [proxyId] = await addProxies(t, 1, { country: 'DE', upstream: await upstream('127.0.0.2') });
    const { rental, apiKey, userId } = await rent(proxyId!);
    const [before] = await historyOf(apiKey);
    expect(before).toMatchObject({ proxy_state: 'working', can_replace: false, refund_until: null });
    // The gateway learns a new rental from the database's notification, a moment after the write.
    await until(async () => (await through(before!)) === '127.0.0.2', 3000);

    // The confirmation's question: how many rentals, nothing changed.
    expect(await disable(proxyId!, { dryRun: true })).toMatchObject({
      id: proxyId,
      enabled: true,
      affectedRentals: 1,
      replaced: 0,
      dryRun: true,
    });
    const [still] = await t.database.db.select().from(proxies).where(eq(proxies.id, proxyId!));
    expect(still?.enabled).toBe(true);
    expect(await noticesOf(userId)).toEqual([]);

    expect(await disable(proxyId!)).toMatchObject({ enabled: false, affectedRentals: 1, replaced: 0, dryRun: false });
    const [after] = await historyOf(apiKey);
    expect(after).toMatchObject({ id: proxyId, status: 'connected', proxy_state: 'disabled', can_replace: true });
    // Disabled right after purchase: the refund rule for failing proxies grants a refund for 5 hours.
    expect(after?.refund_until).toBe(new Date(rental.createdAt.getTime() + 5 * HOUR).toISOString());
    await until(async () => (await through(after!)) !== '127.0.0.2', 3000);

    const told = await noticesOf(userId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ channel: 'telegram', kind: 'proxy_disabled', status: 'waiting' });
    expect(told[0]?.payload).toMatchObject({ rentalId: rental.id, proxyId, refundUntil: after?.refund_until });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'proxies.disable'))
      .orderBy(auditLog.id);
    expect(audit?.details).toMatchObject({ id: proxyId, affectedRentals: 1, replace: false });

    // The refund the history offers is granted.
    const paid = await walletOf(t, apiKey);
    const refund = await customerCall(t, apiKey).post('/api/refund-by-id', { proxy_id: proxyId });
    expect(refund.statusCode).toBe(200);
    expect(await walletOf(t, apiKey)).toBeGreaterThan(paid);
  });

  it('lets the renter replace it free of charge; past the refund window it offers replace only', async () => {
    const [oldId] = await addProxies(t, 1, { country: 'AT', upstream: await upstream('127.0.0.2') });
    const [newId] = await addProxies(t, 1, { country: 'AT', upstream: await upstream('127.0.0.3') });
    const { apiKey, userId } = await rent(oldId!);
    t.clock.advance(3 * HOUR);
    await disable(oldId!);
    const [record] = await historyOf(apiKey);
    expect(record).toMatchObject({ proxy_state: 'disabled', can_replace: true, refund_until: null });
    const [told] = await noticesOf(userId);
    expect(told?.payload).toMatchObject({ kind: 'proxy_disabled', refundUntil: null });

    const ledgerBefore = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    const replaced = await customerCall(t, apiKey).post('/api/proxy/replace', { proxy_id: oldId });
    expect(replaced.statusCode).toBe(200);
    const [moved] = await historyOf(apiKey);
    expect(moved).toMatchObject({ id: newId, proxy_state: 'working', can_replace: false });
    // Every gateway process learns of the move by notification, within a moment.
    await until(async () => (await through(moved!)) === '127.0.0.3', 3000);
    const ledgerAfter = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(ledgerAfter).toHaveLength(ledgerBefore.length);
  });

  it('"disable and replace" moves the rental, free and audited; the same credentials reach the new proxy', async () => {
    const [oldId] = await addProxies(t, 1, { country: 'NL', upstream: await upstream('127.0.0.2') });
    const [newId] = await addProxies(t, 1, { country: 'NL', upstream: await upstream('127.0.0.3') });
    const { rental, apiKey, userId } = await rent(oldId!);
    const ledgerBefore = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    const [before] = await historyOf(apiKey);

    expect(await disable(oldId!, { replace: true })).toMatchObject({ affectedRentals: 1, replaced: 1, dryRun: false });
    const [row] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
    expect(row?.proxyId).toBe(newId);
    const [record] = await historyOf(apiKey);
    expect(record).toMatchObject({ id: newId, proxy_state: 'working', proxy: before?.proxy });
    expect(record?.replaced_from).toMatchObject({ proxy_id: oldId, reason: 'proxy_disabled' });
    await until(async () => (await through(record!)) === '127.0.0.3', 3000);

    const told = await noticesOf(userId);
    expect(told.map((notice) => notice.kind)).toEqual(['proxy_replaced']);
    const moves = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'proxy.replace'), eq(auditLog.actor, 'api')));
    expect(moves.at(-1)?.details).toMatchObject({ rentalId: rental.id, oldProxyId: oldId, newProxyId: newId });
    expect(moves.at(-1)?.operatorName).toBeTruthy();
    const ledgerAfter = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(ledgerAfter).toHaveLength(ledgerBefore.length);
  });

  it('"disable and replace" with nothing comparable free tells the renter instead', async () => {
    const [proxyId] = await addProxies(t, 1, { country: 'PT', upstream: await upstream('127.0.0.2') });
    const { userId } = await rent(proxyId!);
    expect(await disable(proxyId!, { replace: true })).toMatchObject({ affectedRentals: 1, replaced: 0 });
    expect((await noticesOf(userId)).map((notice) => notice.kind)).toEqual(['proxy_disabled']);
  });

  it('a free proxy affects nothing; an unknown one is 404', async () => {
    const [proxyId] = await addProxies(t, 1, { country: 'BE' });
    expect(await disable(proxyId!)).toMatchObject({ affectedRentals: 0, replaced: 0, enabled: false });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies/999999/disable',
      headers: admin,
      payload: { dryRun: true },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/proxies/${proxyId}/disable`,
      headers: admin,
      payload: { replace: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the notice reads in the renter language, with the refund deadline when one is due', () => {
    const payload = {
      kind: 'proxy_disabled',
      rentalId: 12,
      proxyId: 3,
      label: '203.0.113.9 · DE',
      refundUntil: '2026-11-25T20:00:00.000Z',
    } satisfies StoredPayload;
    const context = { publicUrl: 'https://shop.example', forEmail: false };
    const en = renderNotices('en', [payload], context);
    expect(en.subject).toBe('A proxy stopped working');
    expect(en.text).toContain('rental #12 (203.0.113.9 · DE)');
    expect(en.text).toContain('until 2026-11-25 20:00 UTC');
    const ru = renderNotices('ru', [{ ...payload, refundUntil: null }], context);
    expect(ru.text).toContain('#12');
    expect(ru.text).not.toContain('возврат');
    for (const language of ['es', 'fr', 'hi', 'zh-CN']) {
      const text = renderNotices(language, [payload], context).text;
      expect(text).not.toBe(en.text);
      expect(text).toContain('2026-11-25 20:00 UTC');
    }
  });
});

describe('a disable reaches cached histories', () => {
  it('another process shows the rental as not working within a second', async () => {
    const database = await createTestDatabase();
    const cluster = await twoCachedApps(database);
    try {
      const [one, two] = cluster.apps;
      const [proxyId] = await addProxies(one, 1);
      const { apiKey } = await fundedCustomer(one, 10_000);
      await customerCall(one, apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 1 });
      await database.db.update(rentals).set({ status: 'connected' }).where(eq(rentals.proxyId, proxyId!));
      const stateOn = async (app: TestApp) =>
        (await customerCall(app, apiKey).get('/api/proxy/history')).json<{ history: HistoryRecord[] }>().history[0];
      await withinASecond(async () => (await stateOn(two))?.status === 'connected');
      expect((await stateOn(two))?.proxy_state).toBe('working');
      const token = await adminToken(one);
      const response = await one.app.inject({
        method: 'POST',
        url: `/api/admin/proxies/${proxyId}/disable`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      await withinASecond(async () => (await stateOn(two))?.proxy_state === 'disabled');
      expect(await stateOn(two)).toMatchObject({ can_replace: true });
    } finally {
      await cluster.close();
      await database.close();
    }
  });
});
