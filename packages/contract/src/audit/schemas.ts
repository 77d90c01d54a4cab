import { z } from 'zod';
import { IdParamSchema, ROW_ID_TEXT, successResponse } from '../common/schemas';
import { AUDIT_ACTION_PATTERN } from './audit-actions';

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Through which door: `api`, `cli` or `system` (older rows: `admin:<token id>`). */
  actor: z.string(),
  /** The operator who acted (null: an unknown caller, or the system itself). */
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  /** The address the call came from, or `cli`. */
  source: z.string().nullable(),
  action: z.string(),
  details: z.unknown(),
  /** Events the row stands for: a flood of refusals or failed logins from one source is one row a minute. */
  count: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AUDIT_PAGE_MAX = 500;
/** Rows of a page when the caller names no limit (the console asks for this many too). */
export const AUDIT_PAGE_DEFAULT = 100;
const auditTime = (name: string) =>
  z.iso.datetime({ offset: true, message: `${name} must be a date and time (ISO 8601)` }).optional();
export const AuditQuerySchema = z.object({
  operatorId: IdParamSchema.optional(),
  /** An action (`proxies.disable`) or a family of them (`proxies`). */
  action: z.string().regex(AUDIT_ACTION_PATTERN, 'action must be like proxies.disable or proxies').max(64).optional(),
  from: auditTime('from'),
  to: auditTime('to'),
  /** The `nextCursor` of the page before: the rows older than it. */
  cursor: z.string().regex(ROW_ID_TEXT, 'cursor must be a nextCursor of an earlier page').optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
});
export const AuditListResponseSchema = successResponse({
  entries: z.array(AuditEntrySchema),
  /** For the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
});
