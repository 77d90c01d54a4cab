import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId } from './schema-columns';

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
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status').$type<BackupRunStatus>().notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The file's name inside BACKUP_DIR (never a full path: the console shows it). */
    file: text('file'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    tables: integer('tables'),
    rows: integer('rows'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('backup_runs_one_running')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    index('backup_runs_started_idx').on(t.startedAt),
    check('backup_runs_status', sql`${t.status} IN ('running', 'ok', 'failed')`),
  ],
);

/** Each gateway process renews its row while it runs and removes it when it stops cleanly. */
export const gatewayHeartbeats = pgTable('gateway_heartbeats', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
