import { customerChanged } from '../accounts/customer-cache';
import type { LedgerKind } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { isCheckViolation } from '../db/errors';
import { ledgerEntries, users } from '../db/schema';
import { DomainError } from '../errors';

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
  const [row] = await tx
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new DomainError('USER_NOT_FOUND');
  return row.balanceCents;
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
    const [row] = await tx
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} + ${entry.amountCents}` })
      .where(eq(users.id, entry.userId))
      .returning({ balanceCents: users.balanceCents });
    if (!row) throw new DomainError('USER_NOT_FOUND');
    balanceAfterCents = row.balanceCents;
    // Processes that keep the customer in memory (the wallet) drop it at commit.
    await customerChanged(tx, entry.userId);
  } catch (error) {
    if (isCheckViolation(error)) throw new DomainError('INSUFFICIENT_BALANCE');
    throw error;
  }
  await tx.insert(ledgerEntries).values({
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
  const sums = db
    .select({
      userId: ledgerEntries.userId,
      total: sql<string>`sum(${ledgerEntries.amountCents})`.as('total'),
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.userId)
    .as('sums');
  const rows = await db
    .select({
      userId: users.id,
      balanceCents: users.balanceCents,
      ledgerSum: sql<string>`coalesce(${sums.total}, 0)`,
    })
    .from(users)
    .leftJoin(sums, eq(sums.userId, users.id));
  const mismatches = rows
    .map((row) => ({ userId: row.userId, balanceCents: row.balanceCents, ledgerSumCents: Number(row.ledgerSum) }))
    .filter((row) => row.balanceCents !== row.ledgerSumCents);
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
