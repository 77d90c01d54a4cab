import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigNumber, createdAt, identityId } from '../schema-columns';

/**
 * Every move of a rental from a failing proxy to another: by the customer, or by the
 * job after AUTO_REPLACE_MINUTES of failed checks. It costs nothing, so no ledger row goes with
 * it; this table is what the history, the daily limit and the operator's console read.
 */
export const proxyReplacements = pgTable(
  'proxy_replacements',
  {
    id: identityId(),
    // Foreign keys to users, rentals and proxies are in the migration that made the table but not
    // in drizzle-kit's snapshot; declared here, the next generated migration would add them again.
    userId: bigNumber('user_id').notNull(),
    rentalId: bigNumber('rental_id').notNull(),
    oldProxyId: bigNumber('old_proxy_id').notNull(),
    newProxyId: bigNumber('new_proxy_id').notNull(),
    /** not_working, wrong_location, slow, failed_checks, or null when the customer gave none. */
    reason: text('reason'),
    automatic: boolean('automatic').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('proxy_replacements_rental_idx').on(t.rentalId, t.createdAt),
    index('proxy_replacements_created_idx').on(t.createdAt),
    check('proxy_replacements_moves', sql`${t.oldProxyId} <> ${t.newProxyId}`),
  ],
);
