import { customerChanged } from '../accounts/customer-cache';
import type { LedgerKind } from '@portal/contract';
import type { Database, Queryable } from '../db/client';
import { isCheckViolation } from '../db/errors';
import { DomainError } from '../errors';
import { addToBalance, lockUserBalance } from '../accounts/wallet-balance';
import { balancesAndLedgerSums, insertLedgerEntry } from './ledger-repository';

/** The console's revenue chart and the metrics' credited money: sums of ledger rows. */
export { ledgerSumsByDay, sumDepositsByProvider, sumGiftcardCredits } from './ledger-repository';
/** The customer's wallet screen lists their newest money movements. */
export { walletActivity } from './wallet-activity';
/** The operator's customer detail lists the customer's newest ledger rows. */
export { newestLedgerRows } from './ledger-repository';

export interface LedgerEntryInput {
  userId: number;
  kind: LedgerKind;
  /** Signed cents: credits positive, debits negative. */
  amountCents: number;
  at: Date;
  orderId?: number;
  rentalId?: number;
  paymentId?: string;
  giftcardId?: number;
  reason?: string;
}

/**
 * Locks the user's row for the rest of the transaction and answers the balance. Every money
 * path takes this lock first (then proxy, then rental), so concurrent paths never deadlock.
 */
export async function lockBalance(tx: Queryable, userId: number): Promise<number> {
  const balanceCents = await lockUserBalance(tx, userId);
  if (balanceCents === undefined) throw new DomainError('USER_NOT_FOUND');
  return balanceCents;
}

/**
 * Changes a balance and appends its ledger row, in the caller's transaction. The balance CHECK
 * is the last line of defence: callers compare with the locked balance first and say why.
 */
export async function postEntry(tx: Queryable, entry: LedgerEntryInput): Promise<number> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new Error(`ledger amount must be a non-zero whole number of cents, got ${entry.amountCents}`);
  }
  let balanceAfterCents: number;
  try {
    const after = await addToBalance(tx, entry.userId, entry.amountCents);
    if (after === undefined) throw new DomainError('USER_NOT_FOUND');
    balanceAfterCents = after;
    // Processes that keep the customer in memory (the wallet) drop it at commit.
    await customerChanged(tx, entry.userId);
  } catch (error) {
    if (isCheckViolation(error)) throw new DomainError('INSUFFICIENT_BALANCE');
    throw error;
  }
  await insertLedgerEntry(tx, {
    userId: entry.userId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    balanceAfterCents,
    orderId: entry.orderId,
    rentalId: entry.rentalId,
    paymentId: entry.paymentId,
    giftcardId: entry.giftcardId,
    reason: entry.reason,
    createdAt: entry.at,
  });
  return balanceAfterCents;
}

export interface LedgerMismatch {
  userId: number;
  balanceCents: number;
  ledgerSumCents: number;
}

/** Invariant: each balance equals the sum of that user's ledger rows. */
export async function verifyLedger(db: Queryable): Promise<{ usersChecked: number; mismatches: LedgerMismatch[] }> {
  const rows = await balancesAndLedgerSums(db);
  const mismatches = rows.filter((row) => row.balanceCents !== row.ledgerSumCents);
  return { usersChecked: rows.length, mismatches };
}

/** Operator's manual change of a balance, with a required reason; never below zero. */
export async function adjustBalance(
  db: Database,
  input: { userId: number; amountCents: number; reason: string; at: Date },
): Promise<number> {
  return db.transaction((tx) => adjustBalanceIn(tx, input));
}

/** The adjustment inside the caller's transaction (so the operator's audit row commits with it). */
export async function adjustBalanceIn(
  tx: Queryable,
  input: { userId: number; amountCents: number; reason: string; at: Date },
): Promise<number> {
  const reason = input.reason.trim();
  if (!reason) throw new DomainError('BAD_REQUEST', { message: 'A reason is required for a balance adjustment' });
  const balance = await lockBalance(tx, input.userId);
  if (balance + input.amountCents < 0) throw new DomainError('BALANCE_WOULD_BE_NEGATIVE');
  return postEntry(tx, {
    userId: input.userId,
    kind: 'adjustment',
    amountCents: input.amountCents,
    reason,
    at: input.at,
  });
}
