import type { Queryable } from '../db/client';
import { incrementCatalogueVersion, readCatalogueState } from './catalogue-repository';

export { countFreeProxies } from './catalogue-repository';

/**
 * Marks the free list as changed. Called inside every transaction that rents, releases, adds,
 * enables or disables a proxy, so the new sumid becomes visible exactly when the change commits.
 */
export async function bumpCatalogue(tx: Queryable): Promise<void> {
  await incrementCatalogueVersion(tx);
}

export async function currentSumid(db: Queryable): Promise<string> {
  const row = await readCatalogueState(db);
  if (!row) throw new Error('catalogue_state has no row: migrations did not run');
  return `${row.salt}-${row.version}`;
}
