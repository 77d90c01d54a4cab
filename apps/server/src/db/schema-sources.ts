import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The client addresses (an IPv4 address, an IPv6 /64) that used a rental, for the many-addresses
 * rule: a row counts while `last_seen` is within RENTAL_SOURCE_WINDOW_HOURS. Gateways add a row
 * only under a lock on the rental's row and refresh `last_seen` every few minutes of use.
 */
export const rentalSources = pgTable(
  'rental_sources',
  {
    // The foreign key to rentals is in the migration: naming that table here would make this
    // file and schema.ts import each other.
    rentalId: bigint('rental_id', { mode: 'number' }).notNull(),
    /** As sourceKey() writes it: `203.0.113.7` or `2001:db8:1:2::/64`. */
    source: text('source').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rentalId, t.source] })],
);
