import { TOTP_CODE_PATTERN, TOTP_DIGITS, TOTP_STEP_SECONDS } from '@portal/contract';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { DomainError } from '../errors';
import { endSessionsOf } from './admin-sessions-repository';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import { newRecoveryCode, recoveryCodeHash } from './operator-secrets';
import {
  acceptTotpStep,
  clearTotp,
  deleteRecoveryCodes,
  findOperatorById,
  insertRecoveryCodes,
  setPendingTotpSecret,
  turnOnTotp,
  useRecoveryCode,
} from './operators-repository';

export interface TotpDeps {
  db: Database;
  clock: Clock;
  /** The name the authenticator app shows above the code (the shop's host name). */
  totpIssuer: string;
}

const RECOVERY_CODES = 10;

/** otplib costs about 8 MB of a process at rest and most shops' logins never need it: loaded on use. */
const otp = () => import('otplib');

/**
 * The time step a code of TOTP_DIGITS digits belongs to, or null when it is wrong. One step
 * either side of now is accepted (a phone's clock a little off); a step at or before `afterStep`
 * never is.
 */
async function codeStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  const { verify } = await otp();
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
    // One step either side, in seconds.
    epochTolerance: TOTP_STEP_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

async function operatorRow(db: Database, operatorId: number) {
  const row = await findOperatorById(db, operatorId);
  if (!row || row.removedAt) throw new DomainError('ADMIN_TOKEN_INVALID');
  return row;
}

/** A new secret, waiting for its first code; an earlier one still waiting is replaced. */
export async function enrollTotp(
  deps: TotpDeps,
  actor: AuditActor & { operatorId: number },
): Promise<{ secret: string; otpauth_url: string }> {
  const row = await operatorRow(deps.db, actor.operatorId);
  if (row.totpSecret) throw new DomainError('TOTP_ALREADY_ENABLED');
  const { generateSecret, generateURI } = await otp();
  const secret = generateSecret();
  await setPendingTotpSecret(deps.db, row.id, secret);
  await recordAudit(deps.db, { actor, action: 'admin.totp_enroll', details: {}, at: deps.clock.now() });
  return {
    secret,
    otpauth_url: generateURI({
      issuer: deps.totpIssuer,
      label: row.name,
      secret,
      digits: TOTP_DIGITS,
      period: TOTP_STEP_SECONDS,
    }),
  };
}

/**
 * Turns the waiting secret on with a code from the app; answers the recovery codes, once. The
 * operator's other sessions end: they were opened with the secret code alone, which no longer
 * suffices (the caller's own session stays, it just proved the app).
 */
export async function confirmTotp(
  deps: TotpDeps,
  actor: AuditActor & { operatorId: number },
  code: string,
  keepSession: number | null = null,
): Promise<string[]> {
  const now = deps.clock.now();
  const row = await operatorRow(deps.db, actor.operatorId);
  if (row.totpSecret) throw new DomainError('TOTP_ALREADY_ENABLED');
  if (!row.totpPendingSecret) throw new DomainError('TOTP_NOT_PENDING');
  const step = await codeStep(row.totpPendingSecret, code.trim(), now, null);
  if (step === null) throw new DomainError('TOTP_CODE_WRONG');
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    if (!(await turnOnTotp(tx, row.id, row.totpPendingSecret, step))) throw new DomainError('TOTP_ALREADY_ENABLED');
    await deleteRecoveryCodes(tx, row.id);
    await insertRecoveryCodes(tx, row.id, codes.map(recoveryCodeHash));
    const sessionsEnded = await endSessionsOf(tx, row.id, now, keepSession);
    await recordAudit(tx, { actor, action: 'admin.totp_enabled', details: { sessionsEnded }, at: now });
  });
  return codes;
}

/**
 * The second factor of a login: a code from the app, each accepted once (the step it belongs to
 * is stored, and the update only wins if it is newer, so two processes cannot both accept one),
 * or a recovery code, each accepted once.
 */
export async function secondFactorAccepted(
  db: Database,
  operator: { id: number; totpSecret: string; totpLastStep: number | null },
  input: string,
  now: Date,
): Promise<'code' | 'recovery' | null> {
  const typed = input.trim();
  if (TOTP_CODE_PATTERN.test(typed)) {
    const step = await codeStep(operator.totpSecret, typed, now, operator.totpLastStep);
    if (step === null) return null;
    return (await acceptTotpStep(db, operator.id, step)) ? 'code' : null;
  }
  return (await useRecoveryCode(db, operator.id, recoveryCodeHash(typed), now)) ? 'recovery' : null;
}

/**
 * Turns an operator's authenticator off (a lost phone and lost recovery codes). Only the command
 * line offers it: whoever runs it holds the database already, so it opens no way around the
 * second factor that was not there. Every session of the operator ends: whoever holds one may
 * be whoever has the phone.
 */
export async function turnOffTotp(deps: { db: Database; clock: Clock }, actor: AuditActor, operatorId: number) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await clearTotp(tx, operatorId);
    if (!row) throw new DomainError('OPERATOR_NOT_FOUND');
    await deleteRecoveryCodes(tx, operatorId);
    const sessionsEnded = await endSessionsOf(tx, operatorId, now);
    await recordAudit(tx, {
      actor,
      action: 'operator.totp_off',
      details: { operatorId, name: row.name, sessionsEnded },
      at: now,
    });
  });
}
