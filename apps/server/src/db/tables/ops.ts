import { BACKUP_STATUSES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigNumber, identityId, instant } from '../schema-columns';
import { inList } from '../sql-lists';

export const BACKUP_RUN_STATUSES = ['running', 'ok', 'failed'] as const;
export type BackupRunStatus = (typeof BACKUP_RUN_STATUSES)[number];

/**
 * One row per scheduled backup attempt. A process claims the row (`running`, with a lease it
 * renews while it writes); the partial unique index lets one run at a time exist in the database,
 * so several API processes never write at once.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: identityId(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    status: text('status').$type<BackupRunStatus>().notNull(),
    leaseUntil: instant('lease_until'),
    /** The file's name inside BACKUP_DIR (never a full path: the console shows it). */
    file: text('file'),
    sizeBytes: bigNumber('size_bytes'),
    tables: integer('tables'),
    rows: integer('rows'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('backup_runs_one_running')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    index('backup_runs_started_idx').on(t.startedAt),
    check('backup_runs_status', sql`${t.status} IN (${inList(BACKUP_STATUSES)})`),
  ],
);

/** Each gateway process renews its row while it runs and removes it when it stops cleanly. */
export const gatewayHeartbeats = pgTable('gateway_heartbeats', {
  id: text('id').primaryKey(),
  startedAt: instant('started_at').notNull(),
  seenAt: instant('seen_at').notNull(),
});
