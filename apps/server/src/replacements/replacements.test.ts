import { DAY_MS } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, noticeContacts, notices, proxies, proxyReplacements, rentals } from '../db/schema';
import { until } from '../../test/gateway-kit';
import type { Gateway } from '../gateway/gateway';
import type { LifecycleDeps } from '../jobs/lifecycle-deps';
import { runLifecycleOnce } from '../jobs/lifecycle-jobs';
import {
  adminToken,
  addProxies,
  customerCall,
  fundedCustomer,
  testConfig,
  walletOf,
  type TestApp,
} from '../../test/helper';
import { sharedOrigin } from '../../test/origin';
import { closedPort } from '../../test/socks-upstream';
import {
  exitThrough,
  gatewayProcess,
  replacementRigPerFile,
  upstreamWithExit,
  type ReplacementRig,
} from '../../test/replacement-kit';

const postgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let gateway: Gateway;
let echo: ReplacementRig['echo'];
let lifecycle: LifecycleDeps;
replacementRigPerFile(
  // The gateway reports traffic on the real clock: the API's starts there too.
  { env: { REGISTER_RATE_LIMIT: '1000', REPLACEMENTS_PER_RENTAL_DAY: '2' }, clockStart: new Date() },
  (rig) => ({ t, gateway, echo, lifecycle } = rig),
);

const MINUTE = 60_000;
const closedUpstream = async () => `socks5://user:pass@127.0.0.1:${await closedPort()}`;

/** A rental made connected, with an end in real time (the gateway's clock). */
async function rent(proxyId: number, apiKey?: string) {
  const customer = apiKey ? { apiKey } : await fundedCustomer(t, 10_000);
  const bought = await customerCall(t, customer.apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 24 });
  expect(bought.statusCode).toBe(200);
  const [rental] = await t.database.db
    .update(rentals)
    .set({
      status: 'connected',
      connectedAt: t.clock.now(),
      // Ahead of both clocks: the gateway's (real) and the jobs' (manual, moved on by the tests).
      endTime: new Date(Math.max(Date.now(), t.clock.now().getTime()) + 24 * 3_600_000),
    })
    .where(eq(rentals.proxyId, proxyId))
    .returning();
  return { rental: rental!, apiKey: customer.apiKey };
}

const replace = (apiKey: string, proxyId: number, reason?: string) =>
  customerCall(t, apiKey).post('/api/proxy/replace', { proxy_id: proxyId, ...(reason ? { reason } : {}) });
const candidate = (apiKey: string, proxyId: number) =>
  customerCall(t, apiKey).get(`/api/proxy/replace?proxy_id=${proxyId}`);
/** The customer's ledger rows: a replacement must add none. */
const ledgerRows = async (userId: number) =>
  (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).length;

describe('replacement of a failing proxy', () => {
  it('moves the rental through the real gateway: the same credentials reach the new upstream, nothing is charged', async () => {
    const upstreamA = await upstreamWithExit('127.0.0.2');
    const upstreamB = await upstreamWithExit('127.0.0.3');
    const [oldId] = await addProxies(t, 1, { country: 'FR', upstream: upstreamA.url });
    const [newId] = await addProxies(t, 1, { country: 'FR', upstream: upstreamB.url, protocol: 'HTTP' });
    const { rental, apiKey } = await rent(oldId!);
    await customerCall(t, apiKey).post('/api/proxy/note', { proxy_id: oldId, note: 'shop bot' });
    await customerCall(t, apiKey).post('/api/proxy/auto-renew', { proxy_id: oldId, enabled: true });
    const extra = postgres ? await gatewayProcess(t.database.url!, (await sharedOrigin()).url) : null;
    try {
      const ports = [gateway.socksPort, ...(extra ? [extra.socksPort] : [])];
      for (const port of ports) {
        let seen = '';
        await until(async () => {
          seen = await exitThrough(port, rental.username, rental.password, echo.port);
          return seen === '127.0.0.2';
        }).catch(() => expect(seen).toBe('127.0.0.2'));
      }
      // Working: the live check passes, so it is refused and nothing changes.
      await runLifecycleOnce(lifecycle);
      const healthy = await replace(apiKey, oldId!);
      expect(healthy.statusCode).toBe(409);
      expect(healthy.json()).toMatchObject({ success: false, code: 'PROXY_STILL_HEALTHY' });
      expect((await candidate(apiKey, oldId!)).json()).toMatchObject({ code: 'PROXY_STILL_HEALTHY' });

      // The upstream stops taking connections. Nothing is open through it, and the traffic above
      // is minutes old on the API's clock (while a tunnel is open, see rental-activity.test.ts).
      upstreamA.refuseNew();
      t.clock.advance(2 * MINUTE);
      expect((await runLifecycleOnce(lifecycle)).unavailable).toBeGreaterThanOrEqual(1);
      const [failing] = await t.database.db.select().from(proxies).where(eq(proxies.id, oldId!));
      expect(failing?.failingSince).toEqual(t.clock.now());

      const shown = await candidate(apiKey, oldId!);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({
        proxy_id: oldId,
        candidate: { id: newId, country: 'FR' },
        remaining_today: 2,
      });
      expect(JSON.stringify(shown.json())).not.toContain('pass@');

      const ledgerBefore = await ledgerRows(rental.userId);
      const walletBefore = await walletOf(t, apiKey);
      const replaced = await replace(apiKey, oldId!, 'not_working');
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({
        rental_id: rental.id,
        old_proxy_id: oldId,
        proxy_id: newId,
        country: 'FR',
      });
      expect(replaced.json<{ proxy: string }>().proxy).toContain(`${rental.username}:${rental.password}`);

      // Every gateway uses the new upstream.
      for (const port of ports) {
        await until(
          async () => (await exitThrough(port, rental.username, rental.password, echo.port)) === '127.0.0.3',
          1000,
        );
      }

      expect(await ledgerRows(rental.userId)).toBe(ledgerBefore);
      expect(await walletOf(t, apiKey)).toBe(walletBefore);
      const [after] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
      expect(after).toMatchObject({
        proxyId: newId,
        username: rental.username,
        password: rental.password,
        note: 'shop bot',
        autoRenew: true,
        endTime: rental.endTime,
        status: 'connected',
      });

      // The old proxy leaves the catalogue until a re-check passes.
      const [old] = await t.database.db.select().from(proxies).where(eq(proxies.id, oldId!));
      expect(old?.discovery).toBe('unhealthy');
      const catalogue = await customerCall(t, apiKey).get('/api/proxy/list');
      expect(JSON.stringify(catalogue.json())).not.toContain(`"id":${oldId},`);

      const history = (await customerCall(t, apiKey).get('/api/proxy/history')).json<{
        history: { id: number; note: string; replaced_from: unknown }[];
      }>().history;
      expect(history[0]).toMatchObject({
        id: newId,
        note: 'shop bot',
        replaced_from: { proxy_id: oldId, country: 'FR', reason: 'not_working', automatic: false },
      });

      const token = await adminToken(t);
      const admin = { authorization: `Bearer ${token}` };
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/replacements', headers: admin });
      expect(list.json<{ replacements: unknown[] }>().replacements[0]).toMatchObject({
        rental_id: rental.id,
        old_proxy_id: oldId,
        new_proxy_id: newId,
        reason: 'not_working',
        automatic: false,
      });
      const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin });
      const entries = audit.json<{ entries: { action: string; actor: string; details: unknown }[] }>().entries;
      expect(entries.find((entry) => entry.action === 'proxy.replace')).toMatchObject({
        actor: `customer:${rental.userId}`,
        details: { rentalId: rental.id, oldProxyId: oldId, newProxyId: newId },
      });
    } finally {
      extra?.stop();
      await upstreamA.stop();
      await upstreamB.stop();
    }
  }, 180_000);

  it('holds the daily limit of customer replacements per rental', async () => {
    const dead = await closedUpstream();
    const ids = await addProxies(t, 4, { country: 'IT', upstream: dead });
    const { apiKey } = await rent(ids[0]!);
    // Each proxy it moves to is dead too: the live check finds it so.
    const first = await replace(apiKey, ids[0]!, 'slow');
    expect(first.statusCode).toBe(200);
    const second = await replace(apiKey, first.json<{ proxy_id: number }>().proxy_id);
    expect(second.statusCode).toBe(200);
    const third = await replace(apiKey, second.json<{ proxy_id: number }>().proxy_id);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'REPLACEMENT_LIMIT_REACHED' });
    const stuck = second.json<{ proxy_id: number }>().proxy_id;
    expect((await candidate(apiKey, stuck)).statusCode).toBe(429);
    // A day later the rental may be replaced again: a move exactly a day old no longer counts.
    t.clock.advance(DAY_MS);
    expect((await replace(apiKey, stuck)).statusCode).toBe(200);
  });

  it('moves a rental once when two requests race', async () => {
    const dead = await closedUpstream();
    const ids = await addProxies(t, 3, { country: 'SE', upstream: dead });
    const { rental, apiKey } = await rent(ids[0]!);
    const answers = await Promise.all([replace(apiKey, ids[0]!), replace(apiKey, ids[0]!)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const rows = await t.database.db.select().from(proxyReplacements).where(eq(proxyReplacements.rentalId, rental.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses another customer, a rental not connected, nothing comparable free, and bad input', async () => {
    const dead = await closedUpstream();
    const [lonely] = await addProxies(t, 1, { country: 'ES', upstream: dead });
    const { apiKey } = await rent(lonely!);
    const nothing = await replace(apiKey, lonely!);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'NO_REPLACEMENT_AVAILABLE' });

    const stranger = await fundedCustomer(t, 0);
    expect((await replace(stranger.apiKey, lonely!)).json()).toMatchObject({ code: 'RENTAL_NOT_FOUND' });
    expect((await replace(stranger.apiKey, lonely!)).statusCode).toBe(404);
    expect((await candidate(stranger.apiKey, lonely!)).statusCode).toBe(404);

    const [waiting] = await addProxies(t, 1, { country: 'ES', upstream: dead });
    const bought = await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id: waiting, hours: 1 });
    expect(bought.statusCode).toBe(200);
    const notConnected = await replace(apiKey, waiting!);
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json()).toMatchObject({ code: 'RENTAL_NOT_CONNECTED' });

    expect((await replace(apiKey, lonely!, 'because')).statusCode).toBe(400);
    expect((await customerCall(t, apiKey).post('/api/proxy/replace', {})).statusCode).toBe(400);
    expect((await customerCall(t, apiKey).get('/api/proxy/replace?proxy_id=abc')).statusCode).toBe(400);
    expect(
      await t.database.db.select().from(proxyReplacements).where(eq(proxyReplacements.newProxyId, waiting!)),
    ).toEqual([]);
  });

  it('replaces by itself after AUTO_REPLACE_MINUTES of failed checks, on the injected clock', async () => {
    expect(t.config.replacement.autoAfterMs).toBe(15 * MINUTE);
    const dead = await closedUpstream();
    const [failingId] = await addProxies(t, 1, { country: 'NL', upstream: dead });
    const [healthyId] = await addProxies(t, 1, { country: 'NL' });
    const { rental, apiKey } = await rent(failingId!);
    const ledgerBefore = await ledgerRows(rental.userId);
    const walletBefore = await walletOf(t, apiKey);
    // A linked Telegram chat: the replacement is to be told there.
    await t.database.db.insert(noticeContacts).values({ userId: rental.userId, telegramChatId: 4_200 + rental.id });

    t.clock.advance(2 * MINUTE);
    await runLifecycleOnce(lifecycle);
    const failingFrom = t.clock.now();
    const proxyOf = async () =>
      (await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id)))[0]?.proxyId;
    for (let minute = 0; minute < 14; minute += 2) {
      t.clock.advance(2 * MINUTE);
      await runLifecycleOnce(lifecycle);
      expect(await proxyOf()).toBe(failingId);
    }
    expect(t.clock.now().getTime() - failingFrom.getTime()).toBe(14 * MINUTE);
    t.clock.advance(MINUTE);
    expect((await runLifecycleOnce(lifecycle)).replaced).toBeGreaterThanOrEqual(1);

    const [moved] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
    expect(moved?.proxyId).toBe(healthyId);
    // The notice was queued in the move's own transaction, naming the rental and its new exit IP.
    const told = await t.database.db.select().from(notices).where(eq(notices.userId, rental.userId));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ channel: 'telegram', kind: 'proxy_replaced', createdAt: t.clock.now() });
    expect(told[0]?.payload).toMatchObject({ rentalId: rental.id, proxyId: healthyId });
    expect((told[0]?.payload as { newExitIp: string }).newExitIp).toMatch(/^198\.51\./);
    const [row] = await t.database.db.select().from(proxyReplacements).where(eq(proxyReplacements.rentalId, rental.id));
    expect(row).toMatchObject({ automatic: true, reason: 'failed_checks', oldProxyId: failingId });
    expect(await ledgerRows(rental.userId)).toBe(ledgerBefore);
    expect(await walletOf(t, apiKey)).toBe(walletBefore);
    // The healthy proxy passes its checks: nothing more happens.
    t.clock.advance(30 * MINUTE);
    await runLifecycleOnce(lifecycle);
    expect(await proxyOf()).toBe(healthyId);
  });

  // Last in the file: it spends this address's allowance.
  it('limits the calls per address, since each may check an upstream live', async () => {
    const stranger = await fundedCustomer(t, 0);
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await candidate(stranger.apiKey, 1)).statusCode);
    expect(answers.filter((status) => status === 429)).not.toHaveLength(0);
    expect((await candidate(stranger.apiKey, 1)).json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('reads AUTO_REPLACE_MINUTES (fractions, 0 off), REPLACEMENTS_PER_RENTAL_DAY and AUTO_REPLACEMENTS_PER_RENTAL_DAY', () => {
    expect(testConfig().replacement).toEqual({ autoAfterMs: 15 * MINUTE, perRentalDay: 3, autoPerRentalDay: 3 });
    expect(testConfig({ AUTO_REPLACEMENTS_PER_RENTAL_DAY: '0' }).replacement.autoPerRentalDay).toBe(0);
    expect(() => testConfig({ AUTO_REPLACEMENTS_PER_RENTAL_DAY: '1.5' })).toThrow(/AUTO_REPLACEMENTS_PER_RENTAL_DAY/);
    expect(testConfig({ AUTO_REPLACE_MINUTES: '0.5' }).replacement.autoAfterMs).toBe(30_000);
    expect(testConfig({ AUTO_REPLACE_MINUTES: '0' }).replacement.autoAfterMs).toBe(0);
    expect(() => testConfig({ AUTO_REPLACE_MINUTES: '-1' })).toThrow(/AUTO_REPLACE_MINUTES/);
    expect(() => testConfig({ REPLACEMENTS_PER_RENTAL_DAY: '1.5' })).toThrow(/REPLACEMENTS_PER_RENTAL_DAY/);
  });
});
