import fs from 'node:fs';
import path from 'node:path';
import { HOUR_MS, type BackupRun, type BackupStatus } from '@portal/contract';
import type { Clock } from '../clock';
import type { BackupConfig } from '../config';
import { backupDatabase, backupRows } from '../db/backup';
import type { Database, Queryable } from '../db/client';
import { failureText, type Alerts } from './alerts-service';
import {
  failAbandonedBackupRuns,
  finishBackupRun,
  insertRunningBackup,
  lockBackupClaim,
  newestBackupRun,
  newestSuccessfulBackupRun,
  recentBackupRuns,
  renewBackupLease,
  takeFailedBackupFiles,
  type BackupRunRow,
} from './ops-repository';

export interface BackupDeps {
  db: Database;
  clock: Clock;
  config: BackupConfig;
  alerts: Alerts;
}

/** A claim lives this long unless its writer renews it (every RENEW_MS while it writes). */
export const LEASE_MS = 10 * 60_000;
const RENEW_MS = 60_000;
/** A failed backup is tried again after this, or after the interval when that is shorter. */
export const RETRY_AFTER_FAILURE_MS = HOUR_MS;
/** Scheduled backups' names: their time (UTC) and run id; rotation touches these only. */
const FILE_PATTERN = /^portal-(\d{8}T\d{6}Z)-(\d+)\.backup$/;

export function backupFileName(at: Date, runId: number): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `portal-${stamp}-${runId}.backup`;
}

type Row = BackupRunRow;

/** When the next attempt is due after `last` (the newest attempt), or now when there is none. */
export function nextDue(last: Pick<Row, 'startedAt' | 'status'> | undefined, everyMs: number, now: Date): Date {
  if (!last) return now;
  const wait = last.status === 'failed' ? Math.min(everyMs, RETRY_AFTER_FAILURE_MS) : everyMs;
  return new Date(last.startedAt.getTime() + wait);
}

/**
 * Claims the next backup when one is due and none is being written: in one transaction under an
 * advisory lock, so two processes never both claim; the partial unique index on `running` holds
 * the same rule in the schema. A claim whose writer stopped (its lease over) is failed first.
 */
export async function claimBackup(deps: Pick<BackupDeps, 'db' | 'clock' | 'config'>): Promise<Row | null> {
  return deps.db.transaction(async (tx) => {
    await lockBackupClaim(tx);
    const now = deps.clock.now();
    await failAbandonedBackupRuns(tx, now, 'The process writing this backup stopped before it finished.');
    const last = await newestBackupRun(tx);
    if (last?.status === 'running') return null;
    if (nextDue(last, deps.config.everyMs, now) > now) return null;
    return insertRunningBackup(tx, now, new Date(now.getTime() + LEASE_MS));
  });
}

/**
 * The ledger of a written file: every account's balance equals the sum of its ledger rows, as
 * `ledger verify` checks the database. Read from the file, so it proves what was written.
 */
export async function verifyBackupLedger(file: string): Promise<{ usersChecked: number; mismatches: number }> {
  const balances = new Map<string, number>();
  const sums = new Map<string, number>();
  for await (const { table, row } of backupRows(file)) {
    if (table === 'users') balances.set(String(row.id), Number(row.balance_cents));
    if (table === 'ledger_entries') {
      const user = String(row.user_id);
      sums.set(user, (sums.get(user) ?? 0) + Number(row.amount_cents));
    }
  }
  let mismatches = 0;
  for (const [user, balance] of balances) if (balance !== (sums.get(user) ?? 0)) mismatches += 1;
  for (const user of sums.keys()) if (!balances.has(user)) mismatches += 1;
  return { usersChecked: balances.size, mismatches };
}

/**
 * Keeps the newest `keep` scheduled backups in `dir` and removes the rest, with any partial file
 * left by a writer that stopped (only one process writes, so no other partial is under way).
 * Files of other names are never touched.
 */
export function rotateBackups(dir: string, keep: number, writing?: string): string[] {
  const names = fs.readdirSync(dir);
  const ours = names
    .map((name) => ({ name, match: FILE_PATTERN.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .sort((a, b) =>
      a.match[1] === b.match[1] ? Number(b.match[2]) - Number(a.match[2]) : a.match[1]! < b.match[1]! ? 1 : -1,
    );
  const removed = ours.slice(keep).map((entry) => entry.name);
  for (const name of names) {
    const base = name.endsWith('.partial') ? name.slice(0, -'.partial'.length) : null;
    if (base && FILE_PATTERN.test(base) && base !== writing) removed.push(name);
  }
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return removed;
}

/**
 * One round of the schedule: when a backup is due and this process claims it, writes it (0600,
 * a partial file renamed when complete: backup.ts), verifies the ledger of the file, records the
 * result and keeps the newest BACKUP_KEEP. A failure is recorded and raises `backup_failed`; the
 * next success clears it.
 */
export async function runScheduledBackup(
  deps: BackupDeps,
): Promise<{ written: number; failed: number; removed: number }> {
  const claim = await claimBackup(deps);
  if (!claim) return { written: 0, failed: 0, removed: 0 };
  const { dir, keep } = deps.config;
  const name = backupFileName(claim.startedAt, claim.id);
  const renew = setInterval(() => {
    void renewBackupLease(deps.db, claim.id, new Date(deps.clock.now().getTime() + LEASE_MS)).catch(() => undefined);
  }, RENEW_MS);
  renew.unref();
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, name);
    const summary = await backupDatabase(deps.db, file);
    const sizeBytes = fs.statSync(file).size;
    const ledger = await verifyBackupLedger(file);
    if (ledger.mismatches > 0) {
      // The file is kept: it is a faithful copy of a database whose ledger does not add up.
      throw new Error(
        `The ledger in ${name} does not verify: ${ledger.mismatches} of ${ledger.usersChecked} accounts' balances differ from the sum of their ledger rows (run ledger verify).`,
      );
    }
    await finishBackupRun(deps.db, claim.id, {
      status: 'ok',
      finishedAt: deps.clock.now(),
      file: name,
      sizeBytes,
      tables: summary.tables,
      rows: summary.rows,
    });
    const removed = rotateBackups(dir, keep, name);
    deps.alerts.clear('backup_failed', { file: name });
    return { written: 1, failed: 0, removed: removed.length };
  } catch (error) {
    const reason = failureText(error);
    const exists = fs.existsSync(path.join(dir, name));
    await finishBackupRun(deps.db, claim.id, {
      status: 'failed',
      finishedAt: deps.clock.now(),
      file: exists ? name : null,
      sizeBytes: exists ? fs.statSync(path.join(dir, name)).size : null,
      error: reason,
    }).catch(() => undefined);
    // One kept copy of a failing database is enough: the retry every hour would otherwise keep a
    // full copy an hour, past BACKUP_KEEP (which only a success applies), until the disk is full.
    if (exists) {
      const stale = await takeFailedBackupFiles(deps.db, claim.id).catch(() => []);
      for (const file of stale) fs.rmSync(path.join(dir, file), { force: true });
    }
    deps.alerts.raise('backup_failed', { run: claim.id, error: reason });
    return { written: 0, failed: 1, removed: 0 };
  } finally {
    clearInterval(renew);
  }
}

const runOf = (row: Row): BackupRun => ({
  id: row.id,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  status: row.status,
  file: row.file,
  sizeBytes: row.sizeBytes,
  tables: row.tables,
  rows: row.rows,
  error: row.error,
});

/** What the console shows: the schedule, the last attempt, the last success and recent attempts. */
export async function backupStatus(
  db: Queryable,
  config: BackupConfig | null,
  now: Date,
): Promise<Omit<BackupStatus, 'success'>> {
  const recent = await recentBackupRuns(db, 20);
  const lastSuccess = await newestSuccessfulBackupRun(db);
  const last = recent[0];
  return {
    enabled: config !== null,
    everyHours: config ? config.everyMs / HOUR_MS : null,
    keep: config?.keep ?? null,
    nextDueAt: config ? nextDue(last, config.everyMs, now).toISOString() : null,
    last: last ? runOf(last) : null,
    lastSuccess: lastSuccess ? runOf(lastSuccess) : null,
    recent: recent.map(runOf),
  };
}
