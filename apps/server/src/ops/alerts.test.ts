import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addProxies, buildTestApp, createTestDatabase, ManualClock, type TestApp } from '../../test/helper';
import { startTestGateway } from '../../test/live-rental-kit';
import { FAKE_KEY, FAKE_MERCHANT, startCryptomusFake } from '../../test/fakes/cryptomus-fake';
import { gatewayHeartbeats, ipqsUsage } from '../db/schema';
import { monthOf } from '../discovery/ipqs';
import { metricsText } from '../metrics/metrics';
import { createCryptomusProvider } from '../payments/providers/cryptomus';
import { ALERT_KINDS } from '@portal/contract';
import { Alerts, RESYNC_EVERY_MS, type AlertEvent } from './alerts-service';
import { GATEWAY_FORGET_MS, GATEWAY_STALE_MS, watchOnce, type WatchDeps } from './ops-watch';
import { PROVIDER_FAILURES_TO_ALERT, watchedProvider } from './watched-provider';
import { capturedPino } from '../../test/log-capture';

let t: TestApp;
const { log, lines } = capturedPino<{ level: number; msg: string; alert?: string; [key: string]: unknown }>('info');
const WARN = 40;
const INFO = 30;
const warnings = (kind: string) => lines.filter((line) => line.alert === kind && line.level === WARN);
const cleared = (kind: string) => lines.filter((line) => line.alert === kind && line.level === INFO);

async function gauge(kind: string): Promise<string | undefined> {
  const text = await metricsText();
  return new RegExp(`^proxyport_alert_active\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1];
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  lines.length = 0;
});

function watchDeps(overrides: Partial<WatchDeps> = {}): WatchDeps {
  return {
    db: t.database.db,
    clock: t.clock,
    alerts: new Alerts(log, t.clock),
    lowStockThreshold: 0,
    ipqsMonthlyLimit: null,
    nodeAlertMs: 5 * 60_000,
    ...overrides,
  };
}

describe('operator alerts', () => {
  it('are raised once per episode (a warn line, the gauge at 1), cleared once, and told to listeners', async () => {
    const clock = new ManualClock();
    const alerts = new Alerts(log, clock);
    const events: AlertEvent[] = [];
    alerts.onChange((event) => events.push(event));
    expect(alerts.raise('low_stock', { free: 2 })).toBe(true);
    expect(alerts.raise('low_stock', { free: 1 })).toBe(false);
    alerts.set('low_stock', true, { free: 0 });
    expect(warnings('low_stock')).toHaveLength(1);
    expect(warnings('low_stock')[0]).toMatchObject({ msg: 'alert: low_stock', free: 2 });
    expect(await gauge('low_stock')).toBe('1');
    clock.advance(90_000);
    expect(alerts.clear('low_stock')).toBe(true);
    expect(alerts.clear('low_stock')).toBe(false);
    expect(cleared('low_stock')).toHaveLength(1);
    expect(cleared('low_stock')[0]).toMatchObject({ seconds: 90 });
    expect(await gauge('low_stock')).toBe('0');
    expect(events.map((event) => event.state)).toEqual(['raised', 'cleared']);
    // A listener that throws does not stop the next raise.
    alerts.onChange(() => {
      throw new Error('channel down');
    });
    expect(alerts.raise('low_stock')).toBe(true);
    expect(events).toHaveLength(3);
    expect(/proxyport_alerts_total\{kind="low_stock"\} (\d+)/.exec(await metricsText())?.[1]).toBe('2');
  });

  it('repeats what it sees for the shared state: a condition under way, or over for shared conditions only', () => {
    const clock = new ManualClock();
    const alerts = new Alerts(log, clock);
    const resynced: AlertEvent[] = [];
    const changes: AlertEvent[] = [];
    alerts.onResync((event) => resynced.push(event));
    alerts.onChange((event) => changes.push(event));
    // Over without an episode here: at once, for the kinds every process reads alike.
    for (const kind of ALERT_KINDS) expect(alerts.clear(kind)).toBe(false);
    expect(resynced.map((event) => event.kind).sort()).toEqual([
      'backup_failed',
      'gateway_down',
      'ipqs_budget',
      'low_stock',
    ]);
    expect(resynced.every((event) => event.state === 'cleared')).toBe(true);
    clock.advance(RESYNC_EVERY_MS - 1);
    alerts.clear('low_stock');
    expect(resynced).toHaveLength(4);
    clock.advance(1);
    alerts.clear('low_stock');
    expect(resynced).toHaveLength(5);

    // An episode of its own starts and ends as before, told to onChange only...
    expect(alerts.raise('payment_provider', { failures: 3 })).toBe(true);
    expect(alerts.raise('payment_provider', { failures: 4 })).toBe(false);
    expect(resynced).toHaveLength(5);
    // ...and while it lasts, it is repeated every RESYNC_EVERY_MS, for any kind.
    clock.advance(RESYNC_EVERY_MS);
    expect(alerts.raise('payment_provider', { failures: 9 })).toBe(false);
    expect(resynced.at(-1)).toMatchObject({ kind: 'payment_provider', state: 'raised', details: { failures: 9 } });
    expect(alerts.clear('payment_provider')).toBe(true);
    expect(changes.map((event) => event.state)).toEqual(['raised', 'cleared']);
    expect(resynced).toHaveLength(6);
  });

  it('free stock under LOW_STOCK_THRESHOLD: raised once over several rounds, cleared when stock is back', async () => {
    const deps = watchDeps({ lowStockThreshold: 1_000_000 });
    await watchOnce(deps);
    await watchOnce(deps);
    expect(warnings('low_stock')).toHaveLength(1);
    expect(warnings('low_stock')[0]).toMatchObject({ threshold: 1_000_000 });
    const free = warnings('low_stock')[0]!.free as number;
    await watchOnce({ ...deps, lowStockThreshold: free + 2 });
    expect(deps.alerts.isActive('low_stock')).toBe(true);
    await addProxies(t, 2);
    await watchOnce({ ...deps, lowStockThreshold: free + 2 });
    expect(deps.alerts.isActive('low_stock')).toBe(false);
    expect(cleared('low_stock')).toHaveLength(1);
    // Off at 0.
    const off = watchDeps();
    await watchOnce(off);
    expect(off.alerts.isActive('low_stock')).toBe(false);
  });

  it('a gateway process whose heartbeat stopped is gone; a clean stop is not', async () => {
    const deps = watchDeps({ clock: { now: () => new Date() } });
    const gateway = await startTestGateway(t);
    const rows = await t.database.db.select().from(gatewayHeartbeats);
    expect(rows).toHaveLength(1);
    await watchOnce(deps);
    expect(deps.alerts.isActive('gateway_down')).toBe(false);
    await gateway.close();
    expect(await t.database.db.select().from(gatewayHeartbeats)).toHaveLength(0);
    await watchOnce(deps);
    expect(deps.alerts.isActive('gateway_down')).toBe(false);

    // A process killed leaves its row behind, no longer renewed.
    const seenAt = new Date(Date.now() - GATEWAY_STALE_MS - 5000);
    await t.database.db.insert(gatewayHeartbeats).values({ id: 'host:4242:dead', startedAt: seenAt, seenAt });
    await watchOnce(deps);
    await watchOnce(deps);
    expect(warnings('gateway_down')).toHaveLength(1);
    expect(warnings('gateway_down')[0]).toMatchObject({ gateways: 'host:4242:dead' });
    expect(await gauge('gateway_down')).toBe('1');
    // Back in the same place: its row is renewed and the episode ends.
    await t.database.db
      .update(gatewayHeartbeats)
      .set({ seenAt: new Date() })
      .where(eq(gatewayHeartbeats.id, 'host:4242:dead'));
    await watchOnce(deps);
    expect(cleared('gateway_down')).toHaveLength(1);

    // Never back: forgotten after a day, which ends its alert too.
    const dayAgo = new Date(Date.now() - GATEWAY_FORGET_MS - 1000);
    await t.database.db
      .update(gatewayHeartbeats)
      .set({ seenAt: dayAgo })
      .where(eq(gatewayHeartbeats.id, 'host:4242:dead'));
    await watchOnce({ ...deps, clock: { now: () => new Date(Date.now() - GATEWAY_FORGET_MS + GATEWAY_STALE_MS * 2) } });
    expect(deps.alerts.isActive('gateway_down')).toBe(true);
    await watchOnce(deps);
    expect(deps.alerts.isActive('gateway_down')).toBe(false);
    expect(await t.database.db.select().from(gatewayHeartbeats)).toHaveLength(0);
    expect(cleared('gateway_down')).toHaveLength(2);
  });

  it('the IPQS budget used up', async () => {
    const deps = watchDeps({ ipqsMonthlyLimit: 3 });
    const month = monthOf(t.clock.now());
    await t.database.db.insert(ipqsUsage).values({ month, used: 2 });
    await watchOnce(deps);
    expect(deps.alerts.isActive('ipqs_budget')).toBe(false);
    await t.database.db.update(ipqsUsage).set({ used: 3 }).where(eq(ipqsUsage.month, month));
    await watchOnce(deps);
    await watchOnce(deps);
    expect(warnings('ipqs_budget')).toHaveLength(1);
    expect(warnings('ipqs_budget')[0]).toMatchObject({ used: 3, limit: 3, month });
  });

  it('the database gone', async () => {
    const gone = await createTestDatabase();
    await gone.close();
    const deps = watchDeps({ db: gone.db });
    expect(await watchOnce(deps)).toEqual({ databaseDown: 1 });
    expect(await watchOnce(deps)).toEqual({ databaseDown: 1 });
    expect(warnings('database_down')).toHaveLength(1);
    expect(await gauge('database_down')).toBe('1');
    await watchOnce({ ...deps, db: t.database.db });
    expect(cleared('database_down')).toHaveLength(1);
  });

  it('a payment provider failing: raised after failed calls in a row, never with its words, cleared by a success', async () => {
    const fake = await startCryptomusFake();
    try {
      const alerts = new Alerts(log, t.clock);
      const provider = watchedProvider(
        createCryptomusProvider({
          url: fake.url,
          merchant: FAKE_MERCHANT,
          apiKey: FAKE_KEY,
          creditOverpayments: false,
        }),
        alerts,
      );
      expect((await provider.services()).length).toBeGreaterThan(0);
      fake.setDown(true);
      for (let i = 0; i < PROVIDER_FAILURES_TO_ALERT + 2; i += 1) {
        await expect(provider.services()).rejects.toThrow();
        expect(alerts.isActive('payment_provider')).toBe(i + 1 >= PROVIDER_FAILURES_TO_ALERT);
      }
      expect(warnings('payment_provider')).toHaveLength(1);
      expect(warnings('payment_provider')[0]).toMatchObject({ provider: 'cryptomus', operation: 'services' });
      expect(JSON.stringify(lines)).not.toContain(FAKE_KEY);
      expect(JSON.stringify(lines)).not.toContain('maintenance');
      fake.setDown(false);
      await provider.services();
      expect(alerts.isActive('payment_provider')).toBe(false);
      expect(cleared('payment_provider')).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});
