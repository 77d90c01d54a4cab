import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigNumber } from '../schema-columns';

/**
 * Version of the free list (`sumid`): bumped in every transaction that changes
 * which proxies are free. The salt keeps versions of a recreated database from matching old ones.
 */
export const catalogueState = pgTable(
  'catalogue_state',
  {
    id: integer('id').primaryKey(),
    version: bigNumber('version').notNull(),
    salt: text('salt').notNull(),
  },
  (t) => [check('catalogue_state_single_row', sql`${t.id} = 1`)],
);
