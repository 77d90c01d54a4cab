import { desc } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { auditLog } from '../db/schema';

/** Records an operator action after it succeeded. Details never hold secrets or gift card codes. */
export async function recordAudit(
  db: Queryable,
  entry: { actor: string; action: string; details: Record<string, unknown>; at: Date },
): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export async function listAudit(db: Queryable, limit = 500) {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
