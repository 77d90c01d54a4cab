import { z } from 'zod';
import { successTrue } from '../common/schemas';

/** Highest per-proxy cap on one rental's concurrent connections (the column's check says the same). */
export const MAX_PROXY_CONNECTIONS = 100_000;

/**
 * `POST /api/admin/proxies/:id/max-connections`: the proxy's own cap on one rental's concurrent
 * gateway connections. null: the shop's RENTAL_MAX_CONNECTIONS; 0: unlimited.
 */
export const ProxyMaxConnectionsRequestSchema = z.object({
  maxConnections: z
    .number({ error: `maxConnections must be null or a whole number from 0 to ${MAX_PROXY_CONNECTIONS}` })
    .int(`maxConnections must be null or a whole number from 0 to ${MAX_PROXY_CONNECTIONS}`)
    .min(0, `maxConnections must be null or a whole number from 0 to ${MAX_PROXY_CONNECTIONS}`)
    .max(MAX_PROXY_CONNECTIONS, `maxConnections must be null or a whole number from 0 to ${MAX_PROXY_CONNECTIONS}`)
    .nullable(),
});
export const ProxyMaxConnectionsResponseSchema = z.object({
  success: successTrue,
  id: z.number().int(),
  maxConnections: z.number().int().nullable(),
});

/** Highest per-proxy limit on one rental's client addresses (the column's check says the same). */
export const MAX_PROXY_SOURCE_IPS = 100_000;

/**
 * `POST /api/admin/proxies/:id/max-source-ips`: the proxy's own limit on the client addresses one
 * rental may be used from in the window. null: the shop's RENTAL_MAX_SOURCE_IPS; 0: unlimited.
 */
const sourceIpsError = `maxSourceIps must be null or a whole number from 0 to ${MAX_PROXY_SOURCE_IPS}`;
export const ProxyMaxSourceIpsRequestSchema = z.object({
  maxSourceIps: z
    .number({ error: sourceIpsError })
    .int(sourceIpsError)
    .min(0, sourceIpsError)
    .max(MAX_PROXY_SOURCE_IPS, sourceIpsError)
    .nullable(),
});
export const ProxyMaxSourceIpsResponseSchema = z.object({
  success: successTrue,
  id: z.number().int(),
  maxSourceIps: z.number().int().nullable(),
});

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
export const BackupStatusResponseSchema = z.object({
  success: successTrue,
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
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
