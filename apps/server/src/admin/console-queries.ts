import {
  centsToDollars,
  INVENTORY_STATES,
  RENTAL_STATUSES,
  type AdminOverview,
  type CustomerDetail,
  type CustomerSummary,
  type InventoryState,
  type LedgerKind,
  type RentalStatus,
  type RevenueDay,
} from '@portal/contract';
import { and, desc, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { HOLDING_STATUSES, ledgerEntries, payments, proxies, rentals, users } from '../db/schema';
import { DomainError } from '../errors';
import { proxyIsHeld } from '../inventory/proxy-state';

/** Read-only questions of the operator console; every amount leaves as dollars. */

const DAY_MS = 24 * 3_600_000;
export const REVENUE_DAYS = 30;
const CUSTOMER_LIST_LIMIT = 50;
const DETAIL_ROWS_LIMIT = 500;

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

// Names written out for the reason given at proxyIsHeld.
const activeRentals = sql<string>`(select count(*) from "rentals" where "rentals"."user_id" = "users"."id" and ${inArray(rentals.status, [...HOLDING_STATUSES])})`;

const summaryColumns = {
  id: users.id,
  referralKey: users.referralKey,
  balanceCents: users.balanceCents,
  createdAt: users.createdAt,
  referredBy: users.referredBy,
  activeRentals,
};

type SummaryRow = {
  id: number;
  referralKey: string;
  balanceCents: number;
  createdAt: Date;
  activeRentals: string;
};

const toSummary = (row: SummaryRow): CustomerSummary => ({
  id: row.id,
  referralKey: row.referralKey,
  balance: dollars(row.balanceCents),
  createdAt: row.createdAt.toISOString(),
  activeRentals: Number(row.activeRentals),
});

/** By id (exact) or referral key (any part, any case); empty: the newest customers. */
export async function searchCustomers(db: Queryable, query: string): Promise<CustomerSummary[]> {
  const q = query.trim();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byKey = ilike(users.referralKey, pattern);
  const where = q === '' ? undefined : /^\d{1,15}$/.test(q) ? or(eq(users.id, Number(q)), byKey) : byKey;
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(CUSTOMER_LIST_LIMIT);
  return rows.map(toSummary);
}

export async function customerDetail(db: Queryable, id: number): Promise<Omit<CustomerDetail, 'success'>> {
  const [user] = await db.select(summaryColumns).from(users).where(eq(users.id, id));
  if (!user) throw new DomainError('USER_NOT_FOUND', { message: `No customer with id ${id}` });

  const ledger = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, id))
    .orderBy(desc(ledgerEntries.id))
    .limit(DETAIL_ROWS_LIMIT);
  const rentalRows = await db
    .select({ rental: rentals, ip: proxies.ip, port: proxies.port, country: proxies.country })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(eq(rentals.userId, id))
    .orderBy(desc(rentals.id))
    .limit(DETAIL_ROWS_LIMIT);
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, id))
    .orderBy(desc(payments.createdAt))
    .limit(DETAIL_ROWS_LIMIT);

  return {
    customer: { ...toSummary(user), referredBy: user.referredBy },
    ledger: ledger.map((row) => ({
      id: row.id,
      kind: row.kind as LedgerKind,
      amount: dollars(row.amountCents),
      balanceAfter: dollars(row.balanceAfterCents),
      reason: row.reason,
      rentalId: row.rentalId,
      paymentId: row.paymentId,
      createdAt: row.createdAt.toISOString(),
    })),
    rentals: rentalRows.map(({ rental, ip, port, country }) => ({
      id: rental.id,
      proxyId: rental.proxyId,
      ip,
      port,
      country,
      status: rental.status as RentalStatus,
      hours: rental.hours,
      createdAt: rental.createdAt.toISOString(),
      endTime: rental.endTime.toISOString(),
      bytesUp: rental.bytesUp,
      bytesDown: rental.bytesDown,
    })),
    payments: paymentRows.map((row) => ({
      id: row.id,
      provider: row.provider,
      method: row.method,
      amount: dollars(row.amountCents),
      status: row.status,
      credited: row.creditedCents === null ? null : dollars(row.creditedCents),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
