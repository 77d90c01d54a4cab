import { ProxyImportRowSchema } from '@portal/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies } from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/helper';
import { demoProxies, seedDemoInventory } from './demo-inventory';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const DOCUMENTATION_RANGE = /^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/;

describe('demo inventory', () => {
  it('is realistic: valid rows, 20+ countries, mixed types, scores spread over 0-100, documentation IPs', () => {
    const rows = demoProxies(1000);
    for (const row of rows) expect(ProxyImportRowSchema.parse(row)).toEqual(row);
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['mobile', 'residential', 'datacenter']));
    expect(rows.every((r) => DOCUMENTATION_RANGE.test(r.ip) && r.upstream === 'direct')).toBe(true);
    const scores = rows.map((r) => r.fraud_score);
    expect(Math.min(...scores)).toBeLessThanOrEqual(5);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(95);
    for (const band of [
      [0, 25],
      [26, 50],
      [51, 75],
      [76, 100],
    ]) {
      expect(scores.filter((s) => s >= band[0]! && s <= band[1]!).length).toBeGreaterThan(50);
    }
    expect(new Set(rows.map((r) => `${r.ip}:${r.port}`)).size).toBe(1000);
  });

  it('seeds an empty inventory once', async () => {
    expect(await seedDemoInventory(t.database.db, 200, t.clock.now())).toBe(200);
    expect(await seedDemoInventory(t.database.db, 200, t.clock.now())).toBe(0);
    const [row] = await t.database.db.select({ n: count() }).from(proxies);
    expect(row?.n).toBe(200);
  });
});
