import type { AdminRole, AdminSessionView } from '@portal/contract';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { DomainError } from '../errors';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import { hashSecret } from '../lib/secrets';
import { findLiveSessionByTokenHash, listLiveTokensOf, revokeLiveTokenOf } from './admin-sessions-repository';

/** The operator's own sessions that still work, newest first; `current` marks the caller's. */
export async function listOwnSessions(
  db: Queryable,
  session: { operatorId: number; tokenId: number | null },
  now: Date,
): Promise<AdminSessionView[]> {
  const rows = await listLiveTokensOf(db, session.operatorId, now);
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
    const ended = await revokeLiveTokenOf(tx, id, actor.operatorId, now);
    if (ended === 0) throw new DomainError('ADMIN_SESSION_NOT_FOUND');
    await recordAudit(tx, { actor, action: 'admin.session_end', details: { session: id }, at: now });
  });
}

/** The operator behind a guarded call. */
export interface AdminSession {
  tokenId: number;
  operatorId: number;
  operatorName: string;
  role: AdminRole;
  builtin: boolean;
  totpEnabled: boolean;
  totpRequired: boolean;
}

/**
 * The session of a valid, unexpired, unrevoked token whose operator is still on the team, or
 * null. Read from the database on every call, so removing an operator or ending a token takes
 * effect at once in every process.
 */
export async function adminSessionOfToken(
  deps: { db: Database; clock: Clock },
  token: string,
): Promise<AdminSession | null> {
  if (!token) return null;
  const row = await findLiveSessionByTokenHash(deps.db, hashSecret(token), deps.clock.now());
  return row ? { ...row, role: row.role as AdminRole } : null;
}
