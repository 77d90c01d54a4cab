import { PAYMENT_STATUS } from '@portal/contract';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { proxies } from '../db/tables/inventory';
import { ledgerEntries } from '../db/tables/ledger';
import { payments } from '../db/tables/payments';
import { proxyIsHeld } from '../db/proxy-held';

// Reads other areas' tables, read-only: one count per gauge, where their services would load rows to count.

/** Proxies per state as the operator console counts them: disabled, rented or free. */
export async function countProxiesByState(db: Queryable): Promise<{ state: string; count: string }[]> {
  const state = sql<string>`case when not ${proxies.enabled} then 'disabled' when ${proxyIsHeld} then 'rented' else 'free' end`;
  return db
    .select({ state, count: sql<string>`count(*)` })
    .from(proxies)
    .groupBy(sql`1`);
}

/** Proxies whose last health check found their upstream unavailable. */
export async function countUnhealthyProxies(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(proxies)
    .where(and(isNotNull(proxies.lastUnavailableAt), gte(proxies.lastUnavailableAt, proxies.lastCheckedAt)));
  return Number(row?.count ?? 0);
}

export async function countPendingPayments(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(payments)
    .where(eq(payments.status, PAYMENT_STATUS.pending));
  return Number(row?.count ?? 0);
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
