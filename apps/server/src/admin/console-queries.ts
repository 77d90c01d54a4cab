import {
  centsToDollars,
  INVENTORY_STATES,
  RENTAL_STATUSES,
  type AdminOverview,
  type InventoryState,
  type LedgerKind,
  type RentalStatus,
  type RevenueDay,
} from '@portal/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { ledgerEntries, payments, proxies, rentals, users } from '../db/schema';
import { proxyIsHeld } from '../inventory/proxy-state';

/** The console's overview: read-only questions across the shop; every amount leaves as dollars. */

const DAY_MS = 24 * 3_600_000;
export const REVENUE_DAYS = 30;

/** Sums arrive from PostgreSQL as text (bigint). */
const dollars = (cents: number | string | null) => centsToDollars(Number(cents ?? 0));
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Ledger kinds grouped into the overview's columns; referral rewards and adjustments are neither income nor sales. */
const REVENUE_COLUMN: Partial<Record<LedgerKind, keyof Omit<RevenueDay, 'date'>>> = {
  deposit: 'deposits',
  giftcard: 'giftcards',
  purchase: 'purchases',
  extension: 'purchases',
  refund: 'refunds',
};

export async function revenueByDay(db: Queryable, now: Date): Promise<RevenueDay[]> {
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const first = new Date(today - (REVENUE_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, kind: ledgerEntries.kind, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(gte(ledgerEntries.createdAt, first), inArray(ledgerEntries.kind, Object.keys(REVENUE_COLUMN))))
    .groupBy(day, ledgerEntries.kind);

  const days = new Map<string, RevenueDay>();
  for (let i = 0; i < REVENUE_DAYS; i += 1) {
    const date = utcDay(new Date(first.getTime() + i * DAY_MS));
    days.set(date, { date, deposits: 0, giftcards: 0, purchases: 0, refunds: 0 });
  }
  // Summed in cents (purchases and extensions share a column), turned into dollars once.
  const cents = new Map<string, number>();
  for (const row of rows) {
    const column = REVENUE_COLUMN[row.kind as LedgerKind];
    if (!days.has(row.day) || !column) continue;
    // Purchases are debits in the ledger; the chart shows every column as a positive amount.
    const key = `${row.day} ${column}`;
    cents.set(key, (cents.get(key) ?? 0) + Math.abs(Number(row.cents)));
  }
  for (const entry of days.values()) {
    for (const column of ['deposits', 'giftcards', 'purchases', 'refunds'] as const) {
      entry[column] = centsToDollars(cents.get(`${entry.date} ${column}`) ?? 0);
    }
  }
  return [...days.values()];
}

export async function overview(db: Queryable, now: Date): Promise<Omit<AdminOverview, 'success'>> {
  const [customerRow] = await db
    .select({ count: sql<string>`count(*)`, cents: sql<string>`coalesce(sum(${users.balanceCents}), 0)` })
    .from(users);

  const statusRows = await db
    .select({ status: rentals.status, count: sql<string>`count(*)` })
    .from(rentals)
    .groupBy(rentals.status);
  const rentalsByStatus = Object.fromEntries(RENTAL_STATUSES.map((status) => [status, 0])) as Record<
    RentalStatus,
    number
  >;
  for (const row of statusRows) rentalsByStatus[row.status as RentalStatus] = Number(row.count);

  // The same order as inventoryState(): the operator's switch, a rental, then discovery.
  const state = sql<InventoryState>`case when not ${proxies.enabled} then 'disabled' when ${proxyIsHeld} then 'rented' when ${proxies.discovery} = 'listed' then 'free' else ${proxies.discovery} end`;
  const stateRows = await db
    .select({ state, count: sql<string>`count(*)` })
    .from(proxies)
    // By position: two copies of the expression would carry different bind parameters.
    .groupBy(sql`1`);
  const inventory = Object.fromEntries(INVENTORY_STATES.map((s) => [s, 0])) as Record<InventoryState, number>;
  for (const row of stateRows) inventory[row.state] = Number(row.count);

  const [pending] = await db
    .select({ count: sql<string>`count(*)`, cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(eq(payments.status, 'pending'));

  return {
    customers: Number(customerRow?.count ?? 0),
    totalBalance: dollars(customerRow?.cents ?? 0),
    revenue: await revenueByDay(db, now),
    rentalsByStatus,
    inventory,
    pendingPayments: { count: Number(pending?.count ?? 0), amount: dollars(pending?.cents ?? 0) },
  };
}
