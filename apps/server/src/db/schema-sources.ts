import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigNumber, instant } from './schema-columns';

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
    rentalId: bigNumber('rental_id').notNull(),
    /** As sourceKey() writes it: `203.0.113.7` or `2001:db8:1:2::/64`. */
    source: text('source').notNull(),
    firstSeen: instant('first_seen').notNull(),
    lastSeen: instant('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rentalId, t.source] })],
);
