import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCall,
  adminToken,
  buildTestApp,
  createTestDatabase,
  customerCall,
  fundedCustomer,
  tempDir,
  type TestApp,
  type TestDatabase,
} from '../../test/helper';
import { restoreDatabase } from '../db/backup';
import { openPostgres, type Database } from '../db/client';
import { backupRuns, users } from '../db/schema';
import { verifyLedger } from '../ledger/ledger-service';
import { Alerts, alertActive } from './alerts-service';
import {
  LEASE_MS,
  RETRY_AFTER_FAILURE_MS,
  rotateBackups,
  runScheduledBackup,
  type BackupDeps,
} from './backup-schedule';
import { capturedPino } from '../../test/log-capture';

const HOUR = 3_600_000;
let t: TestApp;
const folder = tempDir('portal-scheduled-backups-');
const { log, lines } = capturedPino<{ level: number; msg: string; alert?: string }>('info');

beforeAll(async () => {
  t = await buildTestApp({ env: { BACKUP_DIR: folder.dir, BACKUP_EVERY_HOURS: '0.5', BACKUP_KEEP: '3' } });
  // Money moved through the real calls: the ledger has rows to verify.
  const { apiKey } = await fundedCustomer(t, 2_500);
  expect((await customerCall(t, apiKey).get('/api/wallet')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  folder.remove();
});

function depsFor(db: Database, dir = folder.dir, alerts = new Alerts(log, t.clock)): BackupDeps {
  return { db, clock: t.clock, config: { dir, everyMs: HOUR / 2, keep: 3 }, alerts };
}

const ours = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('portal-'))
    .sort();
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const alertValue = async (kind: string) =>
  (await alertActive.get()).values.find((value) => value.labels.kind === kind)?.value;

describe('scheduled backups', () => {
  it('write 0600 files on schedule (fractions of an hour), keep the newest BACKUP_KEEP, and verify the ledger', async () => {
    const previous = process.umask(0o022);
    try {
      const deps = depsFor(t.database.db);
      // A file of another name in the folder is never rotated away.
      fs.writeFileSync(path.join(folder.dir, 'notes.txt'), 'mine');
      expect(await runScheduledBackup(deps)).toMatchObject({ written: 1, failed: 0 });
      // Not due again before half an hour.
      t.clock.advance(HOUR / 2 - 1000);
      expect(await runScheduledBackup(deps)).toEqual({ written: 0, failed: 0, removed: 0 });
      for (let i = 0; i < 4; i += 1) {
        t.clock.advance(HOUR / 2);
        expect((await runScheduledBackup(deps)).written).toBe(1);
      }
      const files = ours(folder.dir);
      expect(files).toHaveLength(3);
      for (const name of files) expect(modeOf(path.join(folder.dir, name))).toBe(0o600);
      expect(fs.readdirSync(folder.dir).some((name) => name.endsWith('.partial'))).toBe(false);
      expect(fs.existsSync(path.join(folder.dir, 'notes.txt'))).toBe(true);
      const runs = await t.database.db.select().from(backupRuns);
      expect(runs.filter((run) => run.status === 'ok')).toHaveLength(5);
      // The newest three runs are the files kept.
      const newest = runs.sort((a, b) => b.id - a.id).slice(0, 3);
      expect(newest.map((run) => run.file).sort()).toEqual(files);
      expect(newest.every((run) => run.sizeBytes === fs.statSync(path.join(folder.dir, run.file!)).size)).toBe(true);
    } finally {
      process.umask(previous);
    }
  });

  it('a restore of the newest file verifies', async () => {
    const newest = ours(folder.dir).at(-1)!;
    const target = await createTestDatabase();
    try {
      const summary = await restoreDatabase(target.db, path.join(folder.dir, newest));
      expect(summary.rows).toBeGreaterThan(0);
      const { usersChecked, mismatches } = await verifyLedger(target.db);
      expect(usersChecked).toBeGreaterThan(0);
      expect(mismatches).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('only one of two processes on one database writes a due backup', async () => {
    // On PostgreSQL a second pool, as a second process has; PGlite has one connection only.
    const second: TestDatabase | null = t.database.url
      ? { ...openPostgres(t.database.url), url: t.database.url }
      : null;
    try {
      t.clock.advance(HOUR);
      const before = ours(folder.dir);
      const results = await Promise.all([
        runScheduledBackup(depsFor(t.database.db)),
        runScheduledBackup(depsFor(second?.db ?? t.database.db)),
        runScheduledBackup(depsFor(t.database.db)),
      ]);
      expect(results.map((result) => result.written).sort()).toEqual([0, 0, 1]);
      const newest = await t.database.db.select().from(backupRuns);
      expect(newest.filter((run) => run.startedAt.getTime() === t.clock.now().getTime())).toHaveLength(1);
      expect(ours(folder.dir).filter((name) => !before.includes(name))).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it('a claim whose writer stopped is failed after its lease and the backup taken over', async () => {
    t.clock.advance(HOUR);
    const startedAt = t.clock.now();
    await t.database.db
      .insert(backupRuns)
      .values({ startedAt, status: 'running', leaseUntil: new Date(startedAt.getTime() + LEASE_MS) });
    expect((await runScheduledBackup(depsFor(t.database.db))).written).toBe(0);
    t.clock.advance(LEASE_MS + 1000);
    // Retried after a failure within the hour (the interval is shorter here: half an hour).
    t.clock.advance(HOUR / 2);
    expect((await runScheduledBackup(depsFor(t.database.db))).written).toBe(1);
    const runs = await t.database.db.select().from(backupRuns);
    const abandoned = runs.find((run) => run.startedAt.getTime() === startedAt.getTime());
    expect(abandoned).toMatchObject({ status: 'failed' });
    expect(abandoned?.error).toMatch(/stopped before it finished/);
  });

  it('a failure is recorded, raises backup_failed once per episode, and the next success clears it', async () => {
    const blocked = path.join(folder.dir, 'not-a-folder');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const alerts = new Alerts(log, t.clock);
    const failing = depsFor(t.database.db, blocked, alerts);
    lines.length = 0;
    t.clock.advance(HOUR);
    expect(await runScheduledBackup(failing)).toMatchObject({ written: 0, failed: 1 });
    // Retried after RETRY_AFTER_FAILURE_MS or the interval, whichever is shorter; still one episode.
    t.clock.advance(Math.min(HOUR / 2, RETRY_AFTER_FAILURE_MS));
    expect(await runScheduledBackup(failing)).toMatchObject({ failed: 1 });
    expect(lines.filter((line) => line.alert === 'backup_failed' && line.level === 40)).toHaveLength(1);
    expect(await alertValue('backup_failed')).toBe(1);

    const token = await adminToken(t);
    const status = await adminCall(t, token).get('/api/admin/backups');
    expect(status.statusCode).toBe(200);
    const body = status.json<{
      enabled: boolean;
      everyHours: number;
      keep: number;
      last: { status: string; error: string };
      lastSuccess: { file: string; sizeBytes: number };
      recent: unknown[];
    }>();
    expect(body).toMatchObject({ enabled: true, everyHours: 0.5, keep: 3, last: { status: 'failed' } });
    // The operator's own folder is named: that is what they must fix.
    expect(body.last.error).toMatch(/EEXIST.*not-a-folder/);
    expect(body.lastSuccess.file).toMatch(/^portal-\d{8}T\d{6}Z-\d+\.backup$/);
    expect(body.lastSuccess.sizeBytes).toBeGreaterThan(0);

    t.clock.advance(HOUR);
    expect((await runScheduledBackup(depsFor(t.database.db, folder.dir, alerts))).written).toBe(1);
    expect(alerts.isActive('backup_failed')).toBe(false);
    expect(await alertValue('backup_failed')).toBe(0);
    expect(lines.filter((line) => line.alert === 'backup_failed' && line.level === 30)).toHaveLength(1);
  });

  it('a ledger that does not add up keeps one copy of the failing database, not one an hour', async () => {
    const mismatched = tempDir('portal-mismatched-backups-');
    const [someone] = await t.database.db.select().from(users).limit(1);
    const off = (cents: number) =>
      t.database.db
        .update(users)
        .set({ balanceCents: sql`${users.balanceCents} + ${cents}` })
        .where(eq(users.id, someone!.id));
    try {
      await off(1);
      const deps = depsFor(t.database.db, mismatched.dir);
      for (let round = 0; round < 4; round += 1) {
        t.clock.advance(HOUR);
        expect(await runScheduledBackup(deps)).toMatchObject({ failed: 1 });
        // The newest copy is kept for the operator to look into; the ones before it go.
        expect(ours(mismatched.dir)).toHaveLength(1);
      }
      const kept = (await t.database.db.select().from(backupRuns)).filter((run) => run.file !== null);
      expect(kept.filter((run) => run.status === 'failed')).toHaveLength(1);
      await off(-1);
      t.clock.advance(HOUR);
      expect((await runScheduledBackup(deps)).written).toBe(1);
      expect(ours(mismatched.dir)).toHaveLength(2);
    } finally {
      mismatched.remove();
    }
  });

  it('rotation leaves other names alone and removes partial files of stopped writers', () => {
    const dir = tempDir('portal-rotation-');
    try {
      const names = [
        'portal-20260101T000000Z-1.backup',
        'portal-20260101T000000Z-2.backup',
        'portal-20260102T000000Z-3.backup',
        'portal-20260102T000000Z-9.backup.partial',
        'portal-20260103T000000Z-10.backup.partial',
        'shop.backup',
      ];
      for (const name of names) fs.writeFileSync(path.join(dir.dir, name), 'x');
      const removed = rotateBackups(dir.dir, 2, 'portal-20260103T000000Z-10.backup');
      expect(removed.sort()).toEqual(['portal-20260101T000000Z-1.backup', 'portal-20260102T000000Z-9.backup.partial']);
      expect(fs.readdirSync(dir.dir).sort()).toEqual([
        'portal-20260101T000000Z-2.backup',
        'portal-20260102T000000Z-3.backup',
        'portal-20260103T000000Z-10.backup.partial',
        'shop.backup',
      ]);
    } finally {
      dir.remove();
    }
  });
});
