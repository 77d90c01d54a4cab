import { roleMayCall, type AdminRole, type Endpoint } from '@portal/contract';
import { ENDPOINTS } from '@portal/contract/registry';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { DomainError } from '../errors';
import { hashSecret, randomToken, secretsEqual } from '../lib/secrets';
import { recordAudit, recordFlood, type AuditActor } from '../audit/audit-service';
import { findLiveSessionByTokenHash, insertAdminToken, revokeAdminToken } from './admin-sessions-repository';
import { lookupOf, operatorSecretMatches } from './operator-secrets';
import {
  clearTotpFailures,
  ensureBuiltinOwner,
  findActiveOperatorByLookup,
  setLastLogin,
  type OperatorRow,
} from './operators-repository';
import { secondFactorAccepted } from './totp';
import { countTotpFailure } from './totp-lock';

export interface AdminAuthDeps {
  db: Database;
  clock: Clock;
  adminSecret: string;
  tokenTtlMs: number;
  totpIssuer: string;
}

/** The built-in owner's row; made again if a restore from before operators left none. */
export async function builtinOwner(db: Database, now: Date): Promise<OperatorRow> {
  const row = await ensureBuiltinOwner(db, now);
  if (!row) throw new Error('the built-in owner is missing');
  return row;
}

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

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on operator calls by the guard: who did it, for the audit log and the role checks. */
    adminSession: AdminSession | null;
  }
}

export function adminSessionOf(request: FastifyRequest): AdminSession {
  if (!request.adminSession) throw new DomainError('ADMIN_TOKEN_INVALID');
  return request.adminSession;
}

export function adminActorOf(request: FastifyRequest): AuditActor & { operatorId: number } {
  const session = adminSessionOf(request);
  return { via: 'api', operatorId: session.operatorId, operatorName: session.operatorName, source: request.ip };
}

export async function isAdminTokenValid(deps: AdminAuthDeps, token: string): Promise<boolean> {
  return (await adminSessionOfToken(deps, token)) !== null;
}

/**
 * The session of a valid, unexpired, unrevoked token whose operator is still on the team, or
 * null. Read from the database on every call, so removing an operator or ending a token takes
 * effect at once in every process.
 */
export async function adminSessionOfToken(deps: AdminAuthDeps, token: string): Promise<AdminSession | null> {
  if (!token) return null;
  const row = await findLiveSessionByTokenHash(deps.db, hashSecret(token), deps.clock.now());
  return row ? { ...row, role: row.role as AdminRole } : null;
}

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

const ENDPOINT_BY_OPERATION = new Map<string, Endpoint>(ENDPOINTS.map((e) => [e.operationId, e]));

/**
 * Guards operator calls: `Authorization: Bearer <token>` from the admin login, then the role the
 * endpoint's `roles` allow (the registry is the one table of permissions; a call it does not know
 * is the owner's alone), then the owner's rule that operators use an authenticator app. A refusal
 * by role is audited: the owner sees who tried what.
 */
export function requireAdmin(deps: AdminAuthDeps): preHandlerAsyncHookHandler {
  return async (request) => {
    const session = await adminSessionOfToken(deps, bearerToken(request));
    if (!session) throw new DomainError('ADMIN_TOKEN_INVALID');
    request.adminSession = session;
    const operationId = request.routeOptions.config.operationId;
    const endpoint = (operationId && ENDPOINT_BY_OPERATION.get(operationId)) || {};
    if (!roleMayCall(session.role, endpoint)) {
      await recordFlood(
        deps.db,
        {
          actor: adminActorOf(request),
          action: 'admin.forbidden',
          details: { operation: operationId ?? null, method: request.method, role: session.role },
          at: deps.clock.now(),
        },
        `${request.method} ${operationId ?? request.routeOptions.url ?? ''}`,
      );
      throw new DomainError('ADMIN_ROLE_FORBIDDEN');
    }
    if (session.totpRequired && !session.totpEnabled && !('beforeTotp' in endpoint && endpoint.beforeTotp)) {
      throw new DomainError('TOTP_ENROLMENT_REQUIRED');
    }
  };
}
