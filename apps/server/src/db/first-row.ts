import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

/** The row of `table` that `where` picks (the first one, should it pick several); undefined: none. */
export async function firstRow<TTable extends PgTable>(
  db: Queryable,
  table: TTable,
  where: SQL | undefined,
): Promise<TTable['$inferSelect'] | undefined> {
  // drizzle types a select over a table known only as "some PgTable" loosely, so the table is
  // widened going in and its own row type is named coming out; the query itself is the same.
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where);
  return row as TTable['$inferSelect'] | undefined;
}
