import { and, desc, eq, gte, like, lt, lte, or, sql } from 'drizzle-orm';
import { AUDIT_PAGE_DEFAULT, type AuditAction } from '@portal/contract';
import type { Queryable } from '../db/client';
import { auditLog } from '../db/tables/audit';
import type { AuditActor, NonOperatorActor } from './audit-actor';

/** The audit log's queries; what is written when, and the flood rule, are the service's. */

/** A row of the audit log as its writers give it. */
export interface AuditEntryInput {
  actor: AuditActor | NonOperatorActor;
  /** One of the contract's actions, so the console has a sentence for every row. */
  action: AuditAction;
  details: Record<string, unknown>;
  at: Date;
}

function rowOf(entry: AuditEntryInput) {
  const { actor, ...rest } = entry;
  if (typeof actor === 'string') return { ...rest, actor };
  return {
    ...rest,
    actor: actor.via,
    operatorId: actor.operatorId,
    operatorName: actor.operatorName,
    source: actor.source,
  };
}

export async function insertAuditRow(db: Queryable, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values(rowOf(entry));
}

/** One row per flood key: a second event of the same key adds to the row's `count`. */
export async function upsertFloodRow(db: Queryable, entry: AuditEntryInput, floodKey: string): Promise<void> {
  await db
    .insert(auditLog)
    .values({ ...rowOf(entry), floodKey })
    .onConflictDoUpdate({
      target: auditLog.floodKey,
      targetWhere: sql`${auditLog.floodKey} IS NOT NULL`,
      set: { count: sql`${auditLog.count} + 1` },
    });
}

export interface AuditFilter {
  /** At most this many rows (default 100). */
  limit?: number | undefined;
  /** Rows older than this cursor (the `nextCursor` of the page before). */
  cursor?: string | undefined;
  operatorId?: number | undefined;
  /** `proxies.disable`, or `proxies` for every `proxies.*` action. */
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A cursor is the id of the last row a page showed: the next page starts below it. */
export const cursorOf = (id: number): string => String(id);

/**
 * Rows newest first, one page at a time: the id orders them (it only grows), so a page is stable
 * however many rows arrive meanwhile, and any row is reachable however many came after it.
 */
export async function selectAuditPage(db: Queryable, filter: AuditFilter = {}) {
  const limit = filter.limit ?? AUDIT_PAGE_DEFAULT;
  const before = filter.cursor === undefined ? undefined : Number(filter.cursor);
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        before === undefined ? undefined : lt(auditLog.id, before),
        filter.operatorId === undefined ? undefined : eq(auditLog.operatorId, filter.operatorId),
        filter.action === undefined
          ? undefined
          : or(
              eq(auditLog.action, filter.action),
              like(auditLog.action, `${filter.action.replace(/[\\%_]/g, '\\$&')}.%`),
            ),
        filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
        filter.to === undefined ? undefined : lte(auditLog.at, filter.to),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      operatorId: row.operatorId,
      operatorName: row.operatorName,
      source: row.source,
      action: row.action,
      details: row.details,
      count: row.count,
    })),
    nextCursor: rows.length > limit && last ? cursorOf(last.id) : null,
  };
}
