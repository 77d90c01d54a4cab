import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { firstRow, lockedRow, updateWon } from '../db/first-row';
import { operatorPolicy, operatorRecoveryCodes, operators } from '../db/tables/admin';

export type OperatorRow = typeof operators.$inferSelect;

/**
 * Makes the built-in owner's row unless it is there, and answers it. Read first: every owner login
 * and command line run asks, and an insert that conflicts still uses up an id of the sequence (the
 * next operator added had been number 14 on a team of two).
 */
export async function ensureBuiltinOwner(db: Queryable, now: Date): Promise<OperatorRow | undefined> {
  const existing = await firstRow(db, operators, eq(operators.builtin, true));
  if (existing) return existing;
  await db
    .insert(operators)
    .values({ name: 'owner', role: 'owner', builtin: true, createdAt: now })
    .onConflictDoNothing();
  return firstRow(db, operators, eq(operators.builtin, true));
}

/** The operator on the team whose secret code has this lookup part. */
export async function findActiveOperatorByLookup(db: Queryable, lookup: string): Promise<OperatorRow | undefined> {
  return firstRow(db, operators, and(eq(operators.lookup, lookup), isNull(operators.removedAt)));
}

/** An operator by name (any case), not removed. */
export async function findActiveOperatorByName(db: Queryable, name: string): Promise<OperatorRow | undefined> {
  return firstRow(db, operators, and(sql`lower(${operators.name}) = lower(${name})`, isNull(operators.removedAt)));
}

/** An operator by id, removed or not. */
export async function findOperatorById(db: Queryable, id: number): Promise<OperatorRow | undefined> {
  return firstRow(db, operators, eq(operators.id, id));
}

export async function listActiveOperators(db: Queryable): Promise<OperatorRow[]> {
  return db.select().from(operators).where(isNull(operators.removedAt)).orderBy(asc(operators.id));
}

export async function insertOperator(
  db: Queryable,
  values: { name: string; role: string; lookup: string; secretHash: string; createdAt: Date },
): Promise<OperatorRow | undefined> {
  const [row] = await db.insert(operators).values(values).returning();
  return row;
}

/** An operator not removed, their row locked until the transaction ends. */
export async function lockActiveOperator(tx: Queryable, id: number): Promise<OperatorRow | undefined> {
  return lockedRow(tx, operators, and(eq(operators.id, id), isNull(operators.removedAt)));
}

/** An operator's row, removed or not, locked until the transaction ends. */
export async function lockOperator(tx: Queryable, id: number): Promise<OperatorRow | undefined> {
  return lockedRow(tx, operators, eq(operators.id, id));
}

export async function markOperatorRemoved(tx: Queryable, id: number, now: Date): Promise<void> {
  await tx.update(operators).set({ removedAt: now }).where(eq(operators.id, id));
}

export async function setLastLogin(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(operators).set({ lastLoginAt: now }).where(eq(operators.id, id));
}

/** The team's rule on authenticator apps; off until the owner sets it. */
export async function readTotpRequired(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ required: operatorPolicy.totpRequired }).from(operatorPolicy);
  return row?.required ?? false;
}

export async function writeTotpRequired(db: Queryable, required: boolean): Promise<void> {
  await db
    .insert(operatorPolicy)
    .values({ id: true, totpRequired: required })
    .onConflictDoUpdate({ target: operatorPolicy.id, set: { totpRequired: sql`excluded.totp_required` } });
}

export async function setPendingTotpSecret(db: Queryable, id: number, secret: string): Promise<void> {
  await db.update(operators).set({ totpPendingSecret: secret }).where(eq(operators.id, id));
}

/**
 * Makes the waiting secret the operator's, unless one is on already (a concurrent confirmation
 * won); answers whether this one did.
 */
export async function turnOnTotp(tx: Queryable, id: number, secret: string | null, step: number): Promise<boolean> {
  return updateWon(
    tx,
    operators,
    { totpSecret: secret, totpPendingSecret: null, totpLastStep: step },
    and(eq(operators.id, id), isNull(operators.totpSecret)),
  );
}

/** Forgets an operator's authenticator (on and waiting); answers the operator, or nothing when removed. */
export async function clearTotp(tx: Queryable, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await tx
    .update(operators)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(and(eq(operators.id, id), isNull(operators.removedAt)))
    .returning({ id: operators.id, name: operators.name });
  return row;
}

export async function deleteRecoveryCodes(tx: Queryable, operatorId: number): Promise<void> {
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
}

export async function insertRecoveryCodes(tx: Queryable, operatorId: number, codeHashes: string[]): Promise<void> {
  await tx.insert(operatorRecoveryCodes).values(codeHashes.map((codeHash) => ({ operatorId, codeHash })));
}

/**
 * Stores the time step of an accepted code; the update only wins if the step is newer, so two
 * processes cannot both accept one code. Answers whether it won.
 */
export async function acceptTotpStep(db: Queryable, id: number, step: number): Promise<boolean> {
  // A guess in flight when another one locked the operator is not accepted either.
  return updateWon(
    db,
    operators,
    { totpLastStep: step },
    and(
      eq(operators.id, id),
      isNull(operators.lockedAt),
      or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
    ),
  );
}

/** Spends an unused recovery code of an operator who is not locked; answers whether it was spent. */
export async function useRecoveryCode(
  db: Queryable,
  operatorId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const unused = and(
    eq(operatorRecoveryCodes.operatorId, operatorId),
    eq(operatorRecoveryCodes.codeHash, codeHash),
    isNull(operatorRecoveryCodes.usedAt),
  );
  const notLocked = sql`not exists (select 1 from ${operators} where ${operators.id} = ${operatorId} and ${operators.lockedAt} is not null)`;
  return updateWon(db, operatorRecoveryCodes, { usedAt: now }, and(unused, notLocked));
}

export async function setTotpFailures(
  tx: Queryable,
  id: number,
  state: { totpFailures: number; totpFailuresSince: Date | null; lockedAt: Date | null },
): Promise<void> {
  await tx.update(operators).set(state).where(eq(operators.id, id));
}

/** A right second factor: the count starts over, so an operator's own typos never add up to a lock. */
export async function clearTotpFailures(db: Queryable, operatorId: number): Promise<void> {
  await db
    .update(operators)
    .set({ totpFailures: 0, totpFailuresSince: null })
    .where(and(eq(operators.id, operatorId), isNull(operators.lockedAt)));
}

/** Lifts a lock; the count starts over. */
export async function unlockOperatorRow(tx: Queryable, id: number): Promise<void> {
  await tx
    .update(operators)
    .set({ lockedAt: null, totpFailures: 0, totpFailuresSince: null })
    .where(eq(operators.id, id));
}
