import { roleMayCall, type Endpoint } from '@portal/contract';
import { ENDPOINTS } from '@portal/contract/registry';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { adminSessionOfToken, type AdminSession } from '../admin/admin-sessions-service';
import { recordFlood, type AuditActor } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { DomainError } from '../errors';

/**
 * The operators' side of authentication, as customer-auth is the customers': the guard every
 * area's operator routes put in front of their calls, and who the caller is once it let them in.
 * Logging in and out is the admin area's (`admin/admin-auth.ts`).
 */

/** What operator authentication needs: the owner's secret, how long a token lives, the authenticator's issuer. */
export interface AdminAuthDeps {
  db: Database;
  clock: Clock;
  adminSecret: string;
  tokenTtlMs: number;
  totpIssuer: string;
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

function bearerToken(request: FastifyRequest): string {
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
