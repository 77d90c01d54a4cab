import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { adminTokens, operatorPolicy, operators } from '../db/tables/admin';

export type AdminTokenRow = typeof adminTokens.$inferSelect;

/** A new login's token (only its hash is kept); answers the row's id, the session the audit names. */
export async function insertAdminToken(
  db: Queryable,
  token: typeof adminTokens.$inferInsert,
): Promise<number | undefined> {
  const [row] = await db.insert(adminTokens).values(token).returning({ id: adminTokens.id });
  return row?.id;
}

/** Ends the tokens `which` picks among those not ended yet; answers how many ended. */
async function revokeTokens(db: Queryable, now: Date, which: SQL | undefined): Promise<number> {
  const ended = await db
    .update(adminTokens)
    .set({ revokedAt: now })
    .where(and(isNull(adminTokens.revokedAt), which))
    .returning({ id: adminTokens.id });
  return ended.length;
}

/** Ends one token, unless it already ended. */
export async function revokeAdminToken(db: Queryable, tokenId: number, now: Date): Promise<void> {
  await revokeTokens(db, now, eq(adminTokens.id, tokenId));
}

/**
 * The token's session with its operator and the team's authenticator rule, when the token is
 * unexpired, unrevoked and its operator still on the team.
 */
export async function findLiveSessionByTokenHash(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      tokenId: adminTokens.id,
      operatorId: operators.id,
      operatorName: operators.name,
      role: operators.role,
      builtin: operators.builtin,
      totpEnabled: sql<boolean>`${operators.totpSecret} IS NOT NULL`,
      totpRequired: sql<boolean>`coalesce(${operatorPolicy.totpRequired}, false)`,
    })
    .from(adminTokens)
    .innerJoin(operators, eq(operators.id, adminTokens.operatorId))
    .leftJoin(operatorPolicy, sql`true`)
    .where(
      and(
        eq(adminTokens.tokenHash, tokenHash),
        isNull(adminTokens.revokedAt),
        gt(adminTokens.expiresAt, now),
        isNull(operators.removedAt),
      ),
    )
    .limit(1);
  return row;
}

/** An operator's tokens that still work, newest first. */
export async function listLiveTokensOf(db: Queryable, operatorId: number, now: Date): Promise<AdminTokenRow[]> {
  return db
    .select()
    .from(adminTokens)
    .where(and(eq(adminTokens.operatorId, operatorId), isNull(adminTokens.revokedAt), gt(adminTokens.expiresAt, now)))
    .orderBy(desc(adminTokens.id));
}

/** Ends one still-working token of this operator; answers how many ended (0 or 1). */
export async function revokeLiveTokenOf(db: Queryable, id: number, operatorId: number, now: Date): Promise<number> {
  return revokeTokens(
    db,
    now,
    and(eq(adminTokens.id, id), eq(adminTokens.operatorId, operatorId), gt(adminTokens.expiresAt, now)),
  );
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
  return revokeTokens(tx, now, and(eq(adminTokens.operatorId, operatorId), keeping(keep)));
}

/** Ends every session opened without the authenticator app but `keep`, for the team rule requiring one. */
export async function endSessionsWithoutSecondFactor(tx: Queryable, now: Date, keep: number | null): Promise<number> {
  return revokeTokens(tx, now, and(eq(adminTokens.secondFactor, false), keeping(keep)));
}

function keeping(keep: number | null): SQL | undefined {
  return keep === null ? undefined : ne(adminTokens.id, keep);
}
