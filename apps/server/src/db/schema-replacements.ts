import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigNumber, createdAt, identityId, instant } from './schema-columns';

/**
 * Every move of a rental from a failing proxy to another: by the customer, or by the
 * job after AUTO_REPLACE_MINUTES of failed checks. It costs nothing, so no ledger row goes with
 * it; this table is what the history, the daily limit and the operator's console read.
 */
export const proxyReplacements = pgTable(
  'proxy_replacements',
  {
    id: identityId(),
    // Foreign keys to users, rentals and proxies are in the migration: naming those tables here
    // would make this file and schema.ts import each other.
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

/**
 * The last time a gateway process saw a rental hold an open tunnel or receive bytes through its
 * upstream (renewed with every usage flush, a few seconds apart). Replacement, the health check
 * and refunds read it: a proxy carrying its renter's traffic is working, whatever a check says.
 */
export const rentalActivity = pgTable('rental_activity', {
  // References rentals in the migration (ON DELETE CASCADE), for the reason given above.
  rentalId: bigNumber('rental_id').primaryKey(),
  seenAt: instant('seen_at').notNull(),
});
