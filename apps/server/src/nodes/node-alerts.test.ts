import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { nodes, nodeUsageBatches, operatorAlertNotices, operatorChats, operators } from '../db/schema';
import { hashSecret } from '../lib/secrets';
import type { AlertPayload } from '../notices/operator-alerts';
import { adminToken, buildTestApp, ManualClock, type TestApp } from '../../test/helper';
import { USAGE_BATCH_MEMORY_MS, watchNodes } from './node-alerts';

let t: TestApp;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  await adminToken(t);
  const [owner] = await t.database.db.select().from(operators).where(eq(operators.builtin, true));
  await t.database.db.insert(operatorChats).values({ operatorId: owner!.id, chatId: 5151, linkedAt: t.clock.now() });
});
afterAll(async () => {
  await t.close();
});

async function node(name: string, lastSeenAt: Date | null, revokedAt: Date | null = null): Promise<number> {
  const [row] = await t.database.db
    .insert(nodes)
    .values({
      name,
      host: `${name}.example.net`,
      tokenHash: hashSecret(name),
      createdAt: t.clock.now(),
      lastSeenAt,
      revokedAt,
    })
    .returning();
  return row!.id;
}

async function toldAbout(name: string): Promise<AlertPayload['state'][]> {
  const rows = await t.database.db
    .select()
    .from(operatorAlertNotices)
    .where(eq(operatorAlertNotices.kind, 'node_offline'));
  return rows
    .map((row) => row.payload as AlertPayload)
    .filter((payload) => payload.details.node === name)
    .map((payload) => payload.state);
}

describe('node alerts', () => {
  it('forget the numbers of usage batches applied longer ago than a month, and only those', async () => {
    const clock = new ManualClock(t.clock.now());
    // Revoked, so that no other case hears of it as a node gone silent.
    const id = await node('busy-1', clock.now(), clock.now());
    const ago = (ms: number) => new Date(clock.now().getTime() - ms);
    await t.database.db.insert(nodeUsageBatches).values([
      { nodeId: id, batch: 1, appliedAt: ago(USAGE_BATCH_MEMORY_MS + MINUTE) },
      { nodeId: id, batch: 2, appliedAt: ago(USAGE_BATCH_MEMORY_MS - MINUTE) },
    ]);
    await watchNodes({ db: t.database.db, clock, nodeAlertMs: 5 * MINUTE });
    const kept = await t.database.db.select().from(nodeUsageBatches).where(eq(nodeUsageBatches.nodeId, id));
    expect(kept.map((row) => row.batch)).toEqual([2]);
  });

  it('tell operators once when a node is out of contact past NODE_ALERT_MINUTES, once when it is back', async () => {
    const clock = new ManualClock(t.clock.now());
    const deps = { db: t.database.db, clock, nodeAlertMs: 5 * MINUTE };
    const id = await node('fra-1', clock.now());
    const sameCase = () => toldAbout('fra-1');

    clock.advance(5 * MINUTE);
    expect(await watchNodes(deps)).toEqual({ offline: 0, back: 0 });
    clock.advance(1_000);
    expect((await watchNodes(deps)).offline).toBe(1);
    // A second process watching the same database, and later rounds, say nothing more.
    expect(await watchNodes({ ...deps, clock: new ManualClock(clock.now()) })).toEqual({ offline: 0, back: 0 });
    clock.advance(10 * MINUTE);
    await watchNodes(deps);
    expect(await sameCase()).toEqual(['raised']);
    const [alerted] = await t.database.db.select().from(nodes).where(eq(nodes.id, id));
    expect(alerted!.offlineAlertedAt).not.toBeNull();

    await t.database.db.update(nodes).set({ lastSeenAt: clock.now() }).where(eq(nodes.id, id));
    clock.advance(2_000);
    expect(await watchNodes(deps)).toEqual({ offline: 0, back: 1 });
    expect(await watchNodes(deps)).toEqual({ offline: 0, back: 0 });
    expect(await sameCase()).toEqual(['raised', 'cleared']);

    // A later episode is its own pair.
    clock.advance(6 * MINUTE);
    await watchNodes(deps);
    expect(await sameCase()).toEqual(['raised', 'cleared', 'raised']);
  });

  it('counts a node never started from when it was added, and never alerts about a revoked node', async () => {
    const clock = new ManualClock(t.clock.now());
    const deps = { db: t.database.db, clock, nodeAlertMs: 2 * MINUTE };
    await node('never-1', null);
    await node('gone-1', null, clock.now());
    clock.advance(2 * MINUTE + 1);
    await watchNodes(deps);
    expect(await toldAbout('never-1')).toEqual(['raised']);
    expect(await toldAbout('gone-1')).toEqual([]);
  });

  it('reads NODE_ALERT_MINUTES, 5 by default, and refuses a bad value with a clear sentence', () => {
    expect(loadConfig({}, os.tmpdir()).nodeAlertMs).toBe(5 * MINUTE);
    expect(loadConfig({ NODE_ALERT_MINUTES: '0.5' }, os.tmpdir()).nodeAlertMs).toBe(30_000);
    expect(() => loadConfig({ NODE_ALERT_MINUTES: 'soon' }, os.tmpdir())).toThrow(
      'NODE_ALERT_MINUTES must be a number of minutes, such as 5 or 0.5 (got "soon")',
    );
    expect(() => loadConfig({ NODE_ALERT_MINUTES: '0' }, os.tmpdir())).toThrow(
      'NODE_ALERT_MINUTES must be at least 0.5 (an open node stream is seen every 5 seconds) (got "0")',
    );
  });
});
