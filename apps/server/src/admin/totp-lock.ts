import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { queueOneOffAlert } from '../notices/notices-service';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/audit-service';
import { lockPresentOperator } from './operators-service';
import { lockOperator, setTotpFailures, unlockOperatorRow } from './operators-repository';

/**
 * Wrong second factors at login an operator may send within the window, from any addresses
 * together; the next is refused and locks them. Only someone holding their secret code gets this
 * far, so the lock guards the six digits, which are all that is left to guess.
 */
export const TOTP_MAX_FAILURES = 10;
export const TOTP_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Counts one wrong second factor of an operator, under a row lock (every API process shares the
 * count); answers whether the operator is locked now. The guess that reaches the limit locks them,
 * with an audit row and an alert to the operators who get alerts.
 */
export async function countTotpFailure(
  db: Database,
  operator: { id: number; name: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockOperator(tx, operator.id);
    if (!row) return false;
    if (row.lockedAt) return true;
    const fresh = !row.totpFailuresSince || now.getTime() - row.totpFailuresSince.getTime() >= TOTP_FAILURE_WINDOW_MS;
    const failures = fresh ? 1 : row.totpFailures + 1;
    const lock = failures >= TOTP_MAX_FAILURES;
    await setTotpFailures(tx, operator.id, {
      totpFailures: failures,
      totpFailuresSince: fresh ? now : row.totpFailuresSince,
      lockedAt: lock ? now : null,
    });
    if (lock) {
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'operator.locked',
        details: { operatorId: operator.id, name: operator.name, failures },
        at: now,
      });
      await queueOneOffAlert(tx, {
        kind: 'operator_locked',
        eventKey: `${operator.id}:${now.getTime()}`,
        details: { operator: operator.name, attempts: failures },
        at: now,
      });
    }
    return lock;
  });
}

/** The owner lifts a lock; the count starts over. */
export async function unlockOperator(deps: { db: Database; clock: Clock }, actor: AuditActor, id: number) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockPresentOperator(tx, id);
    await unlockOperatorRow(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'operator.unlock',
      details: { operatorId: id, name: row.name, wasLocked: row.lockedAt !== null },
      at: now,
    });
  });
}
