import { DomainError } from '../errors';
import { hashSecret, randomToken, secretsEqual } from '../lib/secrets';
import { recordAudit, recordFlood, type AuditActor } from '../audit/audit-service';
import type { AdminAuthDeps } from '../plugins/admin-auth';
import { adminSessionOfToken, type AdminSession } from './admin-sessions-service';
import { insertAdminToken, revokeAdminToken } from './admin-sessions-repository';
import { lookupOf, operatorSecretMatches } from './operator-secrets';
import { builtinOwner } from './operators-service';
import { clearTotpFailures, findActiveOperatorByLookup, setLastLogin, type OperatorRow } from './operators-repository';
import { secondFactorAccepted } from './totp';
import { countTotpFailure } from './totp-lock';

/** The operator a secret code belongs to: the owner's ADMIN_SECRET, or an operator's own code. */
async function operatorOfSecret(deps: AdminAuthDeps, secretCode: string): Promise<OperatorRow | null> {
  if (secretsEqual(secretCode, deps.adminSecret)) return builtinOwner(deps.db, deps.clock.now());
  const lookup = lookupOf(secretCode);
  if (!lookup) return null;
  const row = await findActiveOperatorByLookup(deps.db, lookup);
  if (!row?.secretHash || !(await operatorSecretMatches(secretCode, row.secretHash))) return null;
  return row;
}

const apiActor = (operator: Pick<OperatorRow, 'id' | 'name'> | null, source: string): AuditActor => ({
  via: 'api',
  operatorId: operator?.id ?? null,
  operatorName: operator?.name ?? null,
  source,
});

/** What a login request says of itself: where it came from and its browser (kept with the session). */
export interface LoginOrigin {
  source: string;
  userAgent?: string | undefined;
}

/**
 * Every admin login, right or wrong, is in the audit log with the address it came from: the
 * owner sees who got in and who tried (failures from one source collapse into a row a minute with
 * a count). Once an operator set up an authenticator app, the secret alone is not enough
 * (TOTP_REQUIRED), and a wrong or reused code is refused (TOTP_INVALID); wrong codes from all
 * addresses together lock the operator (OPERATOR_LOCKED) until the owner unlocks them.
 */
export async function adminLogin(
  deps: AdminAuthDeps,
  input: { secretCode: string; totp?: string | undefined },
  { source, userAgent }: LoginOrigin,
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const operator = await operatorOfSecret(deps, input.secretCode);
  if (!operator) {
    await recordFlood(deps.db, { actor: apiActor(null, source), action: 'admin.login_failed', details: {}, at: now });
    throw new DomainError('INVALID_SECRET_CODE');
  }
  if (operator.lockedAt) {
    await recordFlood(deps.db, {
      actor: apiActor(operator, source),
      action: 'admin.login_locked',
      details: {},
      at: now,
    });
    throw new DomainError('OPERATOR_LOCKED');
  }
  let secondFactor = false;
  if (operator.totpSecret) {
    const accepted = input.totp
      ? await secondFactorAccepted(deps.db, { ...operator, totpSecret: operator.totpSecret }, input.totp, now)
      : null;
    if (!accepted) {
      const action = input.totp ? 'admin.login_totp_failed' : 'admin.login_totp_missing';
      await recordFlood(deps.db, { actor: apiActor(operator, source), action, details: {}, at: now });
      // Only a code that was sent is a guess; a login that asks for the prompt is not.
      if (input.totp && (await countTotpFailure(deps.db, operator, now))) throw new DomainError('OPERATOR_LOCKED');
      throw new DomainError(input.totp ? 'TOTP_INVALID' : 'TOTP_REQUIRED');
    }
    secondFactor = true;
    await clearTotpFailures(deps.db, operator.id);
    if (accepted === 'recovery') {
      await recordAudit(deps.db, {
        actor: apiActor(operator, source),
        action: 'admin.recovery_code_used',
        details: {},
        at: now,
      });
    }
  }
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + deps.tokenTtlMs);
  const sessionId = await insertAdminToken(deps.db, {
    tokenHash: hashSecret(token),
    createdAt: now,
    expiresAt,
    operatorId: operator.id,
    source,
    userAgent: userAgent?.slice(0, 200) ?? null,
    secondFactor,
  });
  await setLastLogin(deps.db, operator.id, now);
  await recordAudit(deps.db, {
    actor: apiActor(operator, source),
    action: 'admin.login',
    details: { session: sessionId },
    at: now,
  });
  return { token, expiresAt };
}

/** Ends the token on the server: a copy of it kept anywhere stops working at once. */
export async function adminLogout(deps: AdminAuthDeps, session: AdminSession, source: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await revokeAdminToken(tx, session.tokenId, now);
    await recordAudit(tx, {
      actor: apiActor({ id: session.operatorId, name: session.operatorName }, source),
      action: 'admin.logout',
      details: { session: session.tokenId },
      at: now,
    });
  });
}

export async function isAdminTokenValid(deps: AdminAuthDeps, token: string): Promise<boolean> {
  return (await adminSessionOfToken(deps, token)) !== null;
}
