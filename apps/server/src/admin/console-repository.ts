import type { InventoryState } from '@portal/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { users } from '../db/tables/accounts';
import { proxies } from '../db/tables/inventory';
import { ledgerEntries } from '../db/tables/ledger';
import { payments } from '../db/tables/payments';
import { proxyIsHeld } from '../db/proxy-held';

/** The console overview's read-only questions across the shop; sums arrive from PostgreSQL as text (bigint). */

/** Ledger sums by UTC day and kind from `first` on, of these kinds only. */
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

/** How many customers, and their balances together. */
export async function customerTotals(db: Queryable): Promise<{ count: string; cents: string } | undefined> {
  const [row] = await db
    .select({ count: sql<string>`count(*)`, cents: sql<string>`coalesce(sum(${users.balanceCents}), 0)` })
    .from(users);
  return row;
}

export async function proxyCountsByState(db: Queryable): Promise<{ state: InventoryState; count: string }[]> {
  // The same order as inventoryState(): the operator's switch, a rental, then discovery.
  const state = sql<InventoryState>`case when not ${proxies.enabled} then 'disabled' when ${proxyIsHeld} then 'rented' when ${proxies.discovery} = 'listed' then 'free' else ${proxies.discovery} end`;
  return (
    db
      .select({ state, count: sql<string>`count(*)` })
      .from(proxies)
      // By position: two copies of the expression would carry different bind parameters.
      .groupBy(sql`1`)
  );
}

/** How many payments are pending, and their amounts together. */
export async function pendingPaymentTotals(db: Queryable): Promise<{ count: string; cents: string } | undefined> {
  const [row] = await db
    .select({ count: sql<string>`count(*)`, cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(eq(payments.status, 'pending'));
  return row;
}
