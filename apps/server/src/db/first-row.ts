import type { SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

/** The row of `table` that `where` picks (the first one, should it pick several); undefined: none. */
export async function firstRow<TTable extends PgTable>(
  db: Queryable,
  table: TTable,
  where: SQL | undefined,
  lock = false,
): Promise<TTable['$inferSelect'] | undefined> {
  // drizzle types a select over a table known only as "some PgTable" loosely, so the table is
  // widened going in and its own row type is named coming out; the query itself is the same.
  const query = db
    .select()
    .from(table as PgTable)
    .where(where);
  const [row] = lock ? await query.for('no key update') : await query;
  return row as TTable['$inferSelect'] | undefined;
}

/**
 * As firstRow, with the row locked until the transaction ends. FOR NO KEY UPDATE, the lock an
 * UPDATE of its other columns takes: two lockers still run one after another, but a transaction
 * inserting a row that references it (a ledger row, a replacement, a rental) is not held up. With
 * FOR UPDATE such an insert's key check waits, and two transactions each holding what the other's
 * insert checks wait on each other until PostgreSQL aborts one as a deadlock.
 */
export const lockedRow = <TTable extends PgTable>(tx: Queryable, table: TTable, where: SQL | undefined) =>
  firstRow(tx, table, where, true);

/**
 * The conditional update that lets exactly one of any number of concurrent attempts win: `where`
 * carries the condition, and the row comes back only to the attempt that changed it.
 */
export async function updatedRow<TTable extends PgTable>(
  db: Queryable,
  table: TTable,
  set: PgUpdateSetSource<TTable>,
  where: SQL | undefined,
): Promise<TTable['$inferSelect'] | undefined> {
  // Widened and named again as in firstRow; `set` was checked against the table's own columns.
  const [row] = await db
    .update(table as PgTable)
    .set(set as PgUpdateSetSource<PgTable>)
    .where(where)
    .returning();
  return row as TTable['$inferSelect'] | undefined;
}

/** As updatedRow, answering only whether this attempt won. */
export const updateWon = async <TTable extends PgTable>(
  db: Queryable,
  table: TTable,
  set: PgUpdateSetSource<TTable>,
  where: SQL | undefined,
): Promise<boolean> => (await updatedRow(db, table, set, where)) !== undefined;
