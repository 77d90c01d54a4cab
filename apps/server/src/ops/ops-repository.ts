import { and, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Queryable } from '../db/client';
import { backupRuns, gatewayHeartbeats } from '../db/tables/ops';

export type BackupRunRow = typeof backupRuns.$inferSelect;
export type BackupRunUpdate = Partial<typeof backupRuns.$inferInsert>;

/** Backup claims are made under this lock, inside the caller's transaction: two processes never both claim. */
export async function lockBackupClaim(tx: Queryable): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.backupClaim})`);
}

/** Newest first: by start, then by id for attempts started at the same instant. */
export async function recentBackupRuns(db: Queryable, limit: number): Promise<BackupRunRow[]> {
  return db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(limit);
}

export async function newestBackupRun(db: Queryable): Promise<BackupRunRow | undefined> {
  const [row] = await recentBackupRuns(db, 1);
  return row;
}

export async function newestSuccessfulBackupRun(db: Queryable): Promise<BackupRunRow | undefined> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'ok'))
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
    .limit(1);
  return row;
}

/** Fails the running claims whose lease ended before `now`: their writer stopped. */
export async function failAbandonedBackupRuns(db: Queryable, now: Date, error: string): Promise<void> {
  await db
    .update(backupRuns)
    .set({ status: 'failed', finishedAt: now, leaseUntil: null, error })
    .where(and(eq(backupRuns.status, 'running'), lt(backupRuns.leaseUntil, now)));
}

export async function insertRunningBackup(
  db: Queryable,
  startedAt: Date,
  leaseUntil: Date,
): Promise<BackupRunRow | null> {
  const [claimed] = await db.insert(backupRuns).values({ startedAt, status: 'running', leaseUntil }).returning();
  return claimed ?? null;
}

/** Extends the lease of a claim that is still running (a finished one is left as it is). */
export async function renewBackupLease(db: Queryable, id: number, leaseUntil: Date): Promise<void> {
  await db
    .update(backupRuns)
    .set({ leaseUntil })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.status, 'running')));
}

/** Records an attempt's outcome and ends its lease. */
export async function finishBackupRun(db: Queryable, id: number, set: BackupRunUpdate): Promise<void> {
  await db
    .update(backupRuns)
    .set({ ...set, leaseUntil: null })
    .where(eq(backupRuns.id, id));
}

/**
 * Files kept by failed runs other than `except` (a backup whose ledger did not verify); their
 * runs' rows forget them, since the file goes.
 */
export async function takeFailedBackupFiles(db: Queryable, except: number): Promise<string[]> {
  // Read first: an UPDATE's RETURNING answers the new values, the null, not the names.
  const rows = await db
    .select({ id: backupRuns.id, file: backupRuns.file })
    .from(backupRuns)
    .where(and(eq(backupRuns.status, 'failed'), isNotNull(backupRuns.file), ne(backupRuns.id, except)));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  await db.update(backupRuns).set({ file: null, sizeBytes: null }).where(inArray(backupRuns.id, ids));
  return rows.flatMap((row) => (row.file ? [row.file] : []));
}

/** Throws when the database does not answer. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Removes the gateways last seen before `before`; answers their ids. */
export async function forgetGatewaysSeenBefore(db: Queryable, before: Date): Promise<{ id: string }[]> {
  return db
    .delete(gatewayHeartbeats)
    .where(lt(gatewayHeartbeats.seenAt, before))
    .returning({ id: gatewayHeartbeats.id });
}

export async function gatewaysSeenBefore(db: Queryable, before: Date): Promise<{ id: string; seenAt: Date }[]> {
  return db
    .select({ id: gatewayHeartbeats.id, seenAt: gatewayHeartbeats.seenAt })
    .from(gatewayHeartbeats)
    .where(lt(gatewayHeartbeats.seenAt, before));
}

/** A gateway (re)starting takes its row, new or left by an earlier run in the same place. */
export async function upsertGatewayHeartbeat(db: Queryable, id: string, now: Date): Promise<void> {
  await db
    .insert(gatewayHeartbeats)
    .values({ id, startedAt: now, seenAt: now })
    .onConflictDoUpdate({ target: gatewayHeartbeats.id, set: { startedAt: now, seenAt: now } });
}

export async function touchGatewayHeartbeat(db: Queryable, id: string, seenAt: Date): Promise<void> {
  await db.update(gatewayHeartbeats).set({ seenAt }).where(eq(gatewayHeartbeats.id, id));
}

export async function deleteGatewayHeartbeat(db: Queryable, id: string): Promise<void> {
  await db.delete(gatewayHeartbeats).where(eq(gatewayHeartbeats.id, id));
}
