import { PAYMENT_STATUS } from '@portal/contract';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { firstRow, lockedRow } from '../db/first-row';
import { lockedIds } from '../db/locked-ids';
import { payments } from '../db/tables/payments';

/** The payments' queries; what a provider state does to a payment, and its ledger rows, are the service's. */

export type PaymentRow = typeof payments.$inferSelect;
type PaymentChange = Partial<Omit<PaymentRow, 'id' | 'userId'>>;

export async function insertPayment(db: Queryable, values: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(values);
}

/** Answers the payment as changed, or undefined when there is no such payment. */
export async function updatePayment(db: Queryable, id: string, change: PaymentChange): Promise<PaymentRow | undefined> {
  const [row] = await db.update(payments).set(change).where(eq(payments.id, id)).returning();
  return row;
}

/** The payment, when it is `userId`'s (any customer's when `userId` is left out). */
export async function findPayment(db: Queryable, id: string, userId?: number): Promise<PaymentRow | undefined> {
  const own = userId === undefined ? eq(payments.id, id) : and(eq(payments.id, id), eq(payments.userId, userId));
  return firstRow(db, payments, own);
}

export async function findPaymentOfProvider(
  db: Queryable,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  return firstRow(
    db,
    payments,
    and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)),
  );
}

/** The payment, locked for the rest of the transaction. */
export async function lockPayment(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  return lockedRow(db, payments, eq(payments.id, id));
}

export async function paymentOwner(db: Queryable, id: string): Promise<number | undefined> {
  const [row] = await db.select({ userId: payments.userId }).from(payments).where(eq(payments.id, id));
  return row?.userId;
}

/**
 * Claims up to `limit` pending payments for `leaseMs`, oldest first: those nobody else holds (no
 * lease, or one over). Rows another process is claiming are skipped, so two never share one.
 */
export async function claimPendingPayments(
  db: Queryable,
  provider: string,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<PaymentRow[]> {
  const due = and(
    eq(payments.status, PAYMENT_STATUS.pending),
    // Another provider's payments (the shop switched) cannot be asked of this one: they wait.
    eq(payments.provider, provider),
    or(isNull(payments.checkLeaseUntil), lt(payments.checkLeaseUntil, now)),
  );
  const claim = lockedIds(db, payments.id, due, asc(payments.createdAt), limit);
  return db
    .update(payments)
    .set({ checkLeaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(payments.id, claim), due))
    .returning();
}

/** The customer's payments, newest first; the newest `limit` of them when a limit is given. */
export async function paymentsOf(db: Queryable, userId: number, limit?: number): Promise<PaymentRow[]> {
  const newestFirst = db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt));
  return limit === undefined ? newestFirst : newestFirst.limit(limit);
}

/** How many payments are pending, and their amounts together (sums arrive as text: bigint). */
export async function pendingPaymentTotals(db: Queryable): Promise<{ count: string; cents: string } | undefined> {
  const [row] = await db
    .select({ count: sql<string>`count(*)`, cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(eq(payments.status, PAYMENT_STATUS.pending));
  return row;
}
