import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { catalogueState } from '../db/schema';

/**
 * Marks the free list as changed. Called inside every transaction that rents, releases, adds,
 * enables or disables a proxy, so the new sumid becomes visible exactly when the change commits.
 */
export async function bumpCatalogue(tx: Queryable): Promise<void> {
  await tx
    .update(catalogueState)
    .set({ version: sql`${catalogueState.version} + 1` })
    .where(eq(catalogueState.id, 1));
}

export async function currentSumid(db: Queryable): Promise<string> {
  const [row] = await db.select().from(catalogueState).where(eq(catalogueState.id, 1));
  if (!row) throw new Error('catalogue_state has no row: migrations did not run');
  return `${row.salt}-${row.version}`;
}
