import type { AdminSessionView } from '@portal/contract';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { adminTokens } from '../db/schema';
import { DomainError } from '../errors';
import { recordAudit, type AuditActor } from '../audit/audit-service';

/** The operator's own sessions that still work, newest first; `current` marks the caller's. */
export async function listOwnSessions(
  db: Queryable,
  session: { operatorId: number; tokenId: number | null },
  now: Date,
): Promise<AdminSessionView[]> {
  const rows = await db
    .select()
    .from(adminTokens)
    .where(
      and(
        eq(adminTokens.operatorId, session.operatorId),
        isNull(adminTokens.revokedAt),
        gt(adminTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(adminTokens.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    source: row.source,
    userAgent: row.userAgent,
    secondFactor: row.secondFactor,
    current: row.id === session.tokenId,
  }));
}

/** Ends one of the operator's own sessions; another operator's is "not found", as if it were not there. */
export async function endOwnSession(
  deps: { db: Database; clock: Clock },
  actor: AuditActor & { operatorId: number },
  id: number,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(adminTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(adminTokens.id, id),
          eq(adminTokens.operatorId, actor.operatorId),
          isNull(adminTokens.revokedAt),
          gt(adminTokens.expiresAt, now),
        ),
      )
      .returning({ id: adminTokens.id });
    if (ended.length === 0) throw new DomainError('ADMIN_SESSION_NOT_FOUND');
    await recordAudit(tx, { actor, action: 'admin.session_end', details: { session: id }, at: now });
  });
}

/**
 * Ends an operator's sessions but `keep` (the caller's own, when they act on themselves): a token
 * minted before the second factor changed must not outlive the change. Answers how many ended.
 */
export async function endSessionsOf(
  tx: Queryable,
  operatorId: number,
  now: Date,
  keep: number | null = null,
): Promise<number> {
  const ended = await tx
    .update(adminTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(adminTokens.operatorId, operatorId),
        isNull(adminTokens.revokedAt),
        keep === null ? undefined : ne(adminTokens.id, keep),
      ),
    )
    .returning({ id: adminTokens.id });
  return ended.length;
}

/** Ends every session opened without the authenticator app but `keep`, for the team rule requiring one. */
export async function endSessionsWithoutSecondFactor(tx: Queryable, now: Date, keep: number | null): Promise<number> {
  const ended = await tx
    .update(adminTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(adminTokens.secondFactor, false),
        isNull(adminTokens.revokedAt),
        keep === null ? undefined : ne(adminTokens.id, keep),
      ),
    )
    .returning({ id: adminTokens.id });
  return ended.length;
}
