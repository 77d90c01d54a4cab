import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { auditLog } from '../db/schema';

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

/** Records an operator action after it succeeded. Details never hold secrets or gift card codes. */
export async function recordAudit(
  db: Queryable,
  entry: { actor: AuditActor | NonOperatorActor; action: string; details: Record<string, unknown>; at: Date },
): Promise<void> {
  const { actor, ...rest } = entry;
  if (typeof actor === 'string') {
    await db.insert(auditLog).values({ ...rest, actor });
    return;
  }
  await db.insert(auditLog).values({
    ...rest,
    actor: actor.via,
    operatorId: actor.operatorId,
    operatorName: actor.operatorName,
    source: actor.source,
  });
}

export async function listAudit(db: Queryable, options: { limit?: number; operatorId?: number } = {}) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(options.operatorId === undefined ? undefined : eq(auditLog.operatorId, options.operatorId)))
    .orderBy(desc(auditLog.id))
    .limit(options.limit ?? 500);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
