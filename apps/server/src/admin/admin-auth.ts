import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { adminTokens } from '../db/schema';
import { DomainError } from '../errors';
import { hashSecret, randomToken, secretsEqual } from '../lib/secrets';

export interface AdminAuthDeps {
  db: Database;
  clock: Clock;
  adminSecret: string;
  tokenTtlMs: number;
}

export async function adminLogin(deps: AdminAuthDeps, secretCode: string): Promise<{ token: string; expiresAt: Date }> {
  if (!secretsEqual(secretCode, deps.adminSecret)) throw new DomainError('INVALID_SECRET_CODE');
  const token = randomToken(32);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.tokenTtlMs);
  await deps.db.insert(adminTokens).values({ tokenHash: hashSecret(token), createdAt: now, expiresAt });
  return { token, expiresAt };
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
