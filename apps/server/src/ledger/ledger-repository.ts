import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { users } from '../db/tables/accounts';
import { ledgerEntries } from '../db/tables/ledger';
import { payments } from '../db/tables/payments';

/**
 * The ledger's queries: its rows, and reads of the balances beside them. The balance is a column
 * of the customer's row, so it changes through the accounts area (`accounts/wallet-balance.ts`).
 */

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/** The customer's newest `limit` ledger rows, newest first (the wallet's activity, the console's detail). */
export async function newestLedgerRows(db: Queryable, userId: number, limit: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}

export async function insertLedgerEntry(tx: Queryable, values: NewLedgerEntry): Promise<void> {
  await tx.insert(ledgerEntries).values(values);
}

/** Every user's balance beside the sum of their ledger rows (0 without any). */
export async function balancesAndLedgerSums(
  db: Queryable,
): Promise<{ userId: number; balanceCents: number; ledgerSumCents: number }[]> {
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
  return rows.map((row) => ({
    userId: row.userId,
    balanceCents: row.balanceCents,
    ledgerSumCents: Number(row.ledgerSum),
  }));
}

/** Ledger sums by UTC day and kind from `first` on, of these kinds only (sums as text: bigint). */
export async function ledgerSumsByDay(
  db: Queryable,
  first: Date,
  kinds: string[],
): Promise<{ day: string; kind: string; cents: string }[]> {
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, kind: ledgerEntries.kind, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(gte(ledgerEntries.createdAt, first), inArray(ledgerEntries.kind, kinds)))
    .groupBy(day, ledgerEntries.kind);
}

/** Deposits credited since the start per payment provider, in cents (a sum as text). */
export async function sumDepositsByProvider(db: Queryable): Promise<{ provider: string; sum: string }[]> {
  return db
    .select({ provider: payments.provider, sum: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .where(eq(ledgerEntries.kind, 'deposit'))
    .groupBy(payments.provider);
}

/** Cents credited by gift cards since the start (a sum as text; null without any). */
export async function sumGiftcardCredits(db: Queryable): Promise<string | null> {
  const [row] = await db
    .select({ sum: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(isNotNull(ledgerEntries.giftcardId));
  return row?.sum ?? null;
}
