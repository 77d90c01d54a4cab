import { and, desc, eq, gte, like, lt, lte, or, sql } from 'drizzle-orm';
import type { AuditAction } from '@portal/contract';
import type { Queryable } from '../db/client';
import { auditLog } from '../db/schema';
import { sourceKey } from '../lib/failure-throttle';

/**
 * Who acts, as the audit log names them: the door (`api`, `cli`), the operator (id and name as
 * they were then; null for a caller nobody could name) and where the call came from.
 */
export interface AuditActor {
  via: 'api' | 'cli';
  operatorId: number | null;
  operatorName: string | null;
  /** The caller's address, or `cli`. */
  source: string;
}

/** The portal itself (an expiry job, a gateway): nobody to name. */
export const SYSTEM_ACTOR = 'system';

/** Who did it when it was not an operator: the portal itself, or a customer acting on their own rental. */
export type NonOperatorActor = typeof SYSTEM_ACTOR | `customer:${number}`;

interface AuditEntryInput {
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

/** Records an operator action after it succeeded. Details never hold secrets or gift card codes. */
export async function recordAudit(db: Queryable, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values(rowOf(entry));
}

/**
 * Records an event that an attacker can repeat at will (a refusal, a failed login): all of one
 * kind from one source (an IPv6 /64 counts as one) and one operator within a minute are one row
 * whose `count` grows, so a flood adds a row a minute instead of pushing real actions out of view.
 * The row keeps the first event's time and details; `about` (the call a refusal refused) keeps
 * different targets apart, a bounded number of rows however long the flood.
 */
export async function recordFlood(
  db: Queryable,
  entry: AuditEntryInput & { actor: AuditActor },
  about = '',
): Promise<void> {
  const minute = Math.floor(entry.at.getTime() / 60_000);
  const who = entry.actor.operatorId ?? '-';
  const floodKey = [entry.action, about, who, sourceKey(entry.actor.source), minute].join('|');
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
export async function listAudit(db: Queryable, filter: AuditFilter = {}) {
  const limit = filter.limit ?? 100;
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
