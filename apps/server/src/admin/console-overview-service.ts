import {
  DAY_MS,
  centsToDollars,
  INVENTORY_STATES,
  RENTAL_STATUSES,
  type AdminOverview,
  type InventoryState,
  type LedgerKind,
  type RentalStatus,
  type RevenueDay,
  utcDate,
  REVENUE_DAYS,
} from '@portal/contract';
import type { Queryable } from '../db/client';
import { customerTotals } from '../accounts/accounts-service';
import { countProxiesByState } from '../inventory/inventory-service';
import { ledgerSumsByDay } from '../ledger/ledger-service';
import { pendingPaymentTotals } from '../payments/payments-service';
import { countRentalsByStatus } from '../db/rental-counts';

/** The console's overview: read-only questions across the shop; every amount leaves as dollars. */

/** Sums arrive from PostgreSQL as text (bigint). */
const dollars = (cents: number | string | null) => centsToDollars(Number(cents ?? 0));

/** Ledger kinds grouped into the overview's columns; referral rewards and adjustments are neither income nor sales. */
const REVENUE_COLUMN: Partial<Record<LedgerKind, keyof Omit<RevenueDay, 'date'>>> = {
  deposit: 'deposits',
  giftcard: 'giftcards',
  purchase: 'purchases',
  extension: 'purchases',
  refund: 'refunds',
};

export async function revenueByDay(db: Queryable, now: Date): Promise<RevenueDay[]> {
  const today = Date.parse(`${utcDate(now)}T00:00:00Z`);
  const first = new Date(today - (REVENUE_DAYS - 1) * DAY_MS);
  const rows = await ledgerSumsByDay(db, first, Object.keys(REVENUE_COLUMN));

  const days = new Map<string, RevenueDay>();
  for (let i = 0; i < REVENUE_DAYS; i += 1) {
    const date = utcDate(new Date(first.getTime() + i * DAY_MS));
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
  const customerRow = await customerTotals(db);

  const statusRows = await countRentalsByStatus(db);
  const rentalsByStatus = Object.fromEntries(RENTAL_STATUSES.map((status) => [status, 0])) as Record<
    RentalStatus,
    number
  >;
  for (const row of statusRows) rentalsByStatus[row.status as RentalStatus] = Number(row.count);

  const stateRows = await countProxiesByState(db);
  const inventory = Object.fromEntries(INVENTORY_STATES.map((s) => [s, 0])) as Record<InventoryState, number>;
  for (const row of stateRows) inventory[row.state] = Number(row.count);

  const pending = await pendingPaymentTotals(db);

  return {
    customers: Number(customerRow?.count ?? 0),
    totalBalance: dollars(customerRow?.cents ?? 0),
    revenue: await revenueByDay(db, now),
    rentalsByStatus,
    inventory,
    pendingPayments: { count: Number(pending?.count ?? 0), amount: dollars(pending?.cents ?? 0) },
  };
}
