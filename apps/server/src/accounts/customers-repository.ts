import { ROW_ID_TEXT, centsToDollars, type CustomerSummary, CUSTOMER_SEARCH_LIMIT } from '@portal/contract';
import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rentalHolds } from '../db/proxy-held';
import { users } from '../db/tables/accounts';

/** The operator's questions about customers (the console and the command line); amounts leave as dollars. */

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
  balance: centsToDollars(row.balanceCents),
  createdAt: row.createdAt.toISOString(),
  activeRentals: Number(row.activeRentals),
});

/** By id (exact) or referral key (any part, any case); empty: the newest customers. */
export async function searchCustomers(db: Queryable, query: string): Promise<CustomerSummary[]> {
  const q = query.trim();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byKey = ilike(users.referralKey, pattern);
  const where = q === '' ? undefined : ROW_ID_TEXT.test(q) ? or(eq(users.id, Number(q)), byKey) : byKey;
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(CUSTOMER_SEARCH_LIMIT);
  return rows.map(toSummary);
}

/** The customer's summary and who referred them; undefined: no such customer. */
export async function findCustomerSummary(
  db: Queryable,
  id: number,
): Promise<(CustomerSummary & { referredBy: number | null }) | undefined> {
  const [user] = await db.select(summaryColumns).from(users).where(eq(users.id, id));
  return user && { ...toSummary(user), referredBy: user.referredBy };
}
