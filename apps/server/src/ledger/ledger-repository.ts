import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { ledgerEntries, users } from '../db/schema';

/** The ledger's queries: balances on the users' rows and the ledger rows beside them. */

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** The balance, its row locked for the rest of the transaction; undefined when there is no such user. */
export async function lockUserBalance(tx: Queryable, userId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.balanceCents;
}

/** Adds signed cents to the balance; answers the balance after, or undefined when there is no such user. */
export async function addToBalance(tx: Queryable, userId: number, amountCents: number): Promise<number | undefined> {
  const [row] = await tx
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} + ${amountCents}` })
    .where(eq(users.id, userId))
    .returning({ balanceCents: users.balanceCents });
  return row?.balanceCents;
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
