import type { AdminRole, Operator } from '@portal/contract';
import type { Clock } from '../clock';
import type { Database, Transaction } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { DomainError } from '../errors';
import { endSessionsOf, endSessionsWithoutSecondFactor } from './admin-sessions-repository';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import { hashOperatorSecret, newOperatorSecret } from './operator-secrets';
import {
  ensureBuiltinOwner,
  findActiveOperatorByName,
  findOperatorById,
  insertOperator,
  listActiveOperators,
  lockActiveOperator,
  markOperatorRemoved,
  readTotpRequired,
  writeTotpRequired,
  type OperatorRow,
} from './operators-repository';

export interface OperatorsDeps {
  db: Database;
  clock: Clock;
}

/** What anyone may see of an operator: never the hash, the lookup or the authenticator secret. */
export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id,
    name: row.name,
    role: row.role as AdminRole,
    builtin: row.builtin,
    totpEnabled: row.totpSecret !== null,
    locked: row.lockedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** A new operator and their secret code, which exists only in this answer. */
export async function createOperator(
  deps: OperatorsDeps,
  actor: AuditActor,
  input: { name: string; role: AdminRole },
): Promise<{ operator: Operator; secretCode: string }> {
  const now = deps.clock.now();
  const { code, lookup } = newOperatorSecret();
  const secretHash = await hashOperatorSecret(code);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await insertOperator(tx, {
        name: input.name,
        role: input.role,
        lookup,
        secretHash,
        createdAt: now,
      });
      if (!created) throw new Error('insert returned no row');
      await recordAudit(tx, {
        actor,
        action: 'operator.create',
        details: { operatorId: created.id, name: created.name, role: created.role },
        at: now,
      });
      return created;
    });
    return { operator: operatorView(row), secretCode: code };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('OPERATOR_NAME_TAKEN');
    throw error;
  }
}

export async function listOperators(db: Database): Promise<{ operators: Operator[]; totpRequired: boolean }> {
  const rows = await listActiveOperators(db);
  return { operators: rows.map(operatorView), totpRequired: await totpRequired(db) };
}

/** The operator behind a session, for their own page; a session whose operator is gone is no session. */
export async function operatorOfSession(db: Database, operatorId: number): Promise<Operator> {
  const row = await findOperatorById(db, operatorId);
  if (!row) throw new DomainError('ADMIN_TOKEN_INVALID');
  return operatorView(row);
}

export async function totpRequired(db: Database): Promise<boolean> {
  return readTotpRequired(db);
}

/**
 * An operator not removed, their row locked until the transaction ends: what the caller decides
 * from it still holds when it writes, whatever a concurrent request does to the same operator.
 */
export async function lockPresentOperator(tx: Transaction, id: number): Promise<OperatorRow> {
  const row = await lockActiveOperator(tx, id);
  if (!row) throw new DomainError('OPERATOR_NOT_FOUND');
  return row;
}

/**
 * Removes an operator and ends every token of theirs in the same transaction. The guard reads
 * tokens and operators from the database on every call, so no process honours them afterwards.
 */
export async function removeOperator(deps: OperatorsDeps, actor: AuditActor, id: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockPresentOperator(tx, id);
    if (row.builtin) throw new DomainError('OPERATOR_BUILTIN');
    await markOperatorRemoved(tx, id, now);
    const sessionsEnded = await endSessionsOf(tx, id, now);
    await recordAudit(tx, {
      actor,
      action: 'operator.remove',
      details: { operatorId: id, name: row.name, role: row.role, sessionsEnded },
      at: now,
    });
  });
}

/**
 * Requires (or stops requiring) an authenticator app of every operator. Turning it on needs the
 * owner's own app first: otherwise the owner would lock themselves out of everything but the setup.
 * Turning it on ends every session opened without the app but the caller's own: the rule is for
 * the tokens out there now, not only for the next logins.
 */
export async function setTotpRequired(
  deps: OperatorsDeps,
  actor: AuditActor,
  input: { required: boolean; callerHasTotp: boolean; callerSession?: number | null },
): Promise<boolean> {
  if (input.required && !input.callerHasTotp) throw new DomainError('TOTP_ENROLMENT_REQUIRED');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await writeTotpRequired(tx, input.required);
    const sessionsEnded = input.required
      ? await endSessionsWithoutSecondFactor(tx, now, input.callerSession ?? null)
      : 0;
    await recordAudit(tx, {
      actor,
      action: 'operator.totp_policy',
      details: { required: input.required, sessionsEnded },
      at: now,
    });
  });
  return input.required;
}

/** An operator by name (any case), for the command line's `--operator`. */
export async function activeOperatorNamed(db: Database, name: string): Promise<OperatorRow | null> {
  return (await findActiveOperatorByName(db, name)) ?? null;
}

/** The built-in owner's row; made again if a restore from before operators left none. */
export async function builtinOwner(db: Database, now: Date): Promise<OperatorRow> {
  const row = await ensureBuiltinOwner(db, now);
  if (!row) throw new Error('the built-in owner is missing');
  return row;
}
