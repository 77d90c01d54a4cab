import { z } from 'zod';
import { successResponse } from '../common/schemas';

export const BACKUP_STATUSES = ['running', 'ok', 'failed'] as const;

/** One scheduled backup attempt as the console shows it (a file name, never a path). */
export const BackupRunSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 */
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(BACKUP_STATUSES),
  file: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  /** Why it failed, in words that never repeat a row of the database. */
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof BackupRunSchema>;

/** `GET /api/admin/backups`: the schedule, the last attempt, the last success and recent attempts. */
export const BackupStatusResponseSchema = successResponse({
  /** false: BACKUP_DIR is not set, nothing is scheduled. */
  enabled: z.boolean(),
  everyHours: z.number().nullable(),
  keep: z.number().int().nullable(),
  /** When the next attempt is due (ISO 8601); null when disabled. */
  nextDueAt: z.string().nullable(),
  last: BackupRunSchema.nullable(),
  lastSuccess: BackupRunSchema.nullable(),
  /** Newest first, 20 at most. */
  recent: z.array(BackupRunSchema),
});
export type BackupStatus = z.infer<typeof BackupStatusResponseSchema>;

/** Kinds of operator alert: each is raised once per episode and cleared when it is over. */
export const ALERT_KINDS = [
  'gateway_down',
  'database_down',
  'low_stock',
  'ipqs_budget',
  'backup_failed',
  'payment_provider',
  'operator_locked',
  'node_offline',
  'payment_unconfirmed',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
