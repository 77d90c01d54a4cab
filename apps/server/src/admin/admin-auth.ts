import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { adminTokens } from '../db/schema';
import { DomainError } from '../errors';
import { hashSecret, randomToken, secretsEqual } from '../lib/secrets';
import { recordAudit } from './audit';

export interface AdminAuthDeps {
  db: Database;
  clock: Clock;
  adminSecret: string;
  tokenTtlMs: number;
}

/**
 * Every admin login, right or wrong, is in the audit log with the address it came from (issue 14):
 * the operator sees who got in and who tried.
 */
export async function adminLogin(
  deps: AdminAuthDeps,
  secretCode: string,
  source: string,
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.clock.now();
  if (!secretsEqual(secretCode, deps.adminSecret)) {
    await recordAudit(deps.db, { actor: 'unknown', action: 'admin.login_failed', details: { ip: source }, at: now });
    throw new DomainError('INVALID_SECRET_CODE');
  }
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + deps.tokenTtlMs);
  const [row] = await deps.db
    .insert(adminTokens)
    .values({ tokenHash: hashSecret(token), createdAt: now, expiresAt })
    .returning({ id: adminTokens.id });
  await recordAudit(deps.db, { actor: `admin:${row?.id}`, action: 'admin.login', details: { ip: source }, at: now });
  return { token, expiresAt };
}

/** Ends the token on the server: a copy of it kept anywhere stops working at once. */
export async function adminLogout(deps: AdminAuthDeps, tokenId: number, source: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(adminTokens)
      .set({ revokedAt: now })
      .where(and(eq(adminTokens.id, tokenId), isNull(adminTokens.revokedAt)));
    await recordAudit(tx, { actor: `admin:${tokenId}`, action: 'admin.logout', details: { ip: source }, at: now });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** `admin:<token id>`, set on operator calls: who did it, for the audit log. */
    adminActor: string | null;
  }
}

export function adminActorOf(request: FastifyRequest): string {
  return request.adminActor ?? 'admin:unknown';
}

/** The token id behind a guarded call (`admin:<id>`). */
export function adminTokenIdOf(request: FastifyRequest): number {
  const id = Number(/^admin:(\d+)$/.exec(request.adminActor ?? '')?.[1]);
  if (!Number.isSafeInteger(id)) throw new DomainError('ADMIN_TOKEN_INVALID');
  return id;
}

export async function isAdminTokenValid(deps: AdminAuthDeps, token: string): Promise<boolean> {
  return (await validAdminTokenId(deps, token)) !== null;
}

/** The id of a valid, unexpired, unrevoked token, or null. */
export async function validAdminTokenId(deps: AdminAuthDeps, token: string): Promise<number | null> {
  if (!token) return null;
  const [row] = await deps.db
    .select({ id: adminTokens.id })
    .from(adminTokens)
    .where(
      and(
        eq(adminTokens.tokenHash, hashSecret(token)),
        isNull(adminTokens.revokedAt),
        gt(adminTokens.expiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/** Guards operator calls: `Authorization: Bearer <token>` from the admin login. */
export function requireAdmin(deps: AdminAuthDeps): preHandlerAsyncHookHandler {
  return async (request) => {
    const tokenId = await validAdminTokenId(deps, bearerToken(request));
    if (tokenId === null) throw new DomainError('ADMIN_TOKEN_INVALID');
    request.adminActor = `admin:${tokenId}`;
  };
}
