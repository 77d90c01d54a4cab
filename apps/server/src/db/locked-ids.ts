import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

/**
 * The ids of up to `limit` rows of `id`'s table matching `where`, in `order`, locked; rows another
 * transaction has locked are skipped, so N processes share the work and never take a row twice.
 * Meant as the subquery of a claim's update.
 */
export function lockedIds<TId extends PgColumn>(
  db: Queryable,
  id: TId,
  where: SQL | undefined,
  order: SQL | PgColumn,
  limit: number,
) {
  return db.select({ id }).from(id.table).where(where).orderBy(order).limit(limit).for('update', { skipLocked: true });
}
