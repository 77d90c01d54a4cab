import {
  centsToDollars,
  type CustomerDetail,
  type CustomerSummary,
  type LedgerKind,
  type RentalStatus,
} from '@portal/contract';
import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { rentalHolds } from '../db/proxy-held';
import { users } from '../db/tables/accounts';
import { proxies } from '../db/tables/inventory';
import { ledgerEntries } from '../db/tables/ledger';
import { payments } from '../db/tables/payments';
import { rentals } from '../db/tables/rentals';
import { DomainError } from '../errors';

/** The operator's questions about customers (the console and the command line); amounts leave as dollars. */

const CUSTOMER_LIST_LIMIT = 50;
const DETAIL_ROWS_LIMIT = 500;

/** Amounts arrive from PostgreSQL as numbers or, for sums, text (bigint). */
const dollars = (cents: number | string | null) => centsToDollars(Number(cents ?? 0));

/**
 * The customer's rentals that hold a proxy now. The names are written out: in a select from one
 * table drizzle drops the table from interpolated columns, and a bare "id" would then be the
 * rental's own id inside the subquery.
 */
const activeRentals = sql<string>`(select count(*) from "rentals" where "rentals"."user_id" = "users"."id" and ${rentalHolds})`;

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

/** The customer's rows of a table that has a `user_id`, newest first by `newestFirstBy`, as many as a detail shows. */
async function newestRowsOfCustomer<TTable extends PgTable & { userId: PgColumn }>(
  db: Queryable,
  table: TTable,
  userId: number,
  newestFirstBy: (table: TTable) => PgColumn,
): Promise<TTable['$inferSelect'][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.userId, userId))
    .orderBy(desc(newestFirstBy(table)))
    .limit(DETAIL_ROWS_LIMIT);
  return rows as TTable['$inferSelect'][];
}

export async function customerDetail(db: Queryable, id: number): Promise<Omit<CustomerDetail, 'success'>> {
  const [user] = await db.select(summaryColumns).from(users).where(eq(users.id, id));
  if (!user) throw new DomainError('USER_NOT_FOUND', { message: `No customer with id ${id}` });

  const ledger = await newestRowsOfCustomer(db, ledgerEntries, id, (t) => t.id);
  const rentalRows = await db
    .select({ rental: rentals, ip: proxies.ip, port: proxies.port, country: proxies.country })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(eq(rentals.userId, id))
    .orderBy(desc(rentals.id))
    .limit(DETAIL_ROWS_LIMIT);
  const paymentRows = await newestRowsOfCustomer(db, payments, id, (t) => t.createdAt);

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
