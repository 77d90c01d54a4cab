import { HOLDING_STATUSES, RENTAL_STATUSES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigNumber, createdAt, identityId, instant, relayedBytes, requiredReference } from '../schema-columns';
import { inList } from '../sql-lists';
import { users } from './accounts';
import { proxies } from './inventory';

/** The holding statuses as SQL literals, for CHECKs and partial indexes. */
const holding = inList(HOLDING_STATUSES);

/** One customer's rental of one proxy, from purchase to expiry or refund. */
export const rentals = pgTable(
  'rentals',
  {
    id: identityId(),
    userId: requiredReference('user_id', () => users.id),
    proxyId: requiredReference('proxy_id', () => proxies.id),
    status: text('status').notNull(),
    /** Hours bought so far (purchase plus extensions). */
    hours: integer('hours').notNull(),
    /** Gateway credentials of this rental. */
    username: text('username').notNull().unique(),
    password: text('password').notNull(),
    createdAt: createdAt(),
    connectedAt: instant('connected_at'),
    /** While waiting_up: now + hours (display); from connected on: when access ends. */
    endTime: instant('end_time').notNull(),
    /** First time the health checker found the upstream unavailable during this rental. */
    unavailableAt: instant('unavailable_at'),
    refundRequestedAt: instant('refund_requested_at'),
    /** A job process claimed this rental for a check until then; another process skips it meanwhile. */
    checkLeaseUntil: instant('check_lease_until'),
    endedAt: instant('ended_at'),
    ...relayedBytes(),
    /** The customer's own label, at most 256 characters. */
    note: text('note').notNull().default(''),
    /** Extend by the last period at end_time, from the wallet. */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** Why the last automatic renewal could not be made (shown in the history); null after a success. */
    renewFailure: text('renew_failure'),
    /** Its error code (`INSUFFICIENT_BALANCE`, `PROXY_UNAVAILABLE`), which pages say in their language. */
    renewFailureCode: text('renew_failure_code'),
    /** When the renter last cleared the list of client addresses; a node's sightings before it are stale. */
    sourcesClearedAt: instant('sources_cleared_at'),
  },
  (t) => [
    // Exclusive rental: two customers racing for one proxy, exactly one wins.
    uniqueIndex('rentals_one_holder_per_proxy')
      .on(t.proxyId)
      .where(sql`${t.status} IN (${holding})`),
    index('rentals_user_idx').on(t.userId),
    index('rentals_status_end_idx').on(t.status, t.endTime),
    check('rentals_status_known', sql`${t.status} IN (${inList(RENTAL_STATUSES)})`),
    check('rentals_hours_positive', sql`${t.hours} > 0`),
  ],
);

/** Each purchase and each extension: the rows of the transaction history. */
export const rentalOrders = pgTable(
  'rental_orders',
  {
    id: identityId(),
    rentalId: requiredReference('rental_id', () => rentals.id),
    kind: text('kind').notNull(),
    hours: integer('hours').notNull(),
    amountCents: bigNumber('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('rental_orders_rental_idx').on(t.rentalId),
    check('rental_orders_kind', sql`${t.kind} IN ('purchase', 'extension')`),
    check('rental_orders_amount_positive', sql`${t.amountCents} > 0`),
    check('rental_orders_hours_positive', sql`${t.hours} > 0`),
  ],
);

/** Gateway traffic of a rental per hour; the hours add up to the rental's byte counts. */
export const rentalUsage = pgTable(
  'rental_usage',
  {
    rentalId: requiredReference('rental_id', () => rentals.id),
    /** Start of the hour (UTC). */
    hour: instant('hour').notNull(),
    ...relayedBytes(),
  },
  (t) => [primaryKey({ columns: [t.rentalId, t.hour] })],
);

/**
 * IP authorization: a rental's own gateway port and the sources that may use it without
 * a password. Keyed by port, so a port belongs to at most one live allocation (the database says
 * so, not each process); a row is deleted when the list is emptied or, by a trigger, when the
 * rental stops holding its proxy, which returns the port to the pool.
 */
export const rentalIpAuth = pgTable(
  'rental_ip_auth',
  {
    port: integer('port').primaryKey(),
    rentalId: bigNumber('rental_id')
      .notNull()
      .unique()
      .references(() => rentals.id),
    /** IPv4/IPv6 addresses or CIDRs (at most a /24 or /64), normalised by the contract. */
    ips: text('ips').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('rental_ip_auth_port_valid', sql`${t.port} BETWEEN 1 AND 65535`)],
);

/**
 * A customer's secret pull link for proxy lists. Only a hash of its token is kept, so
 * the whole link is shown once, when it is made; `hint` tells the links apart in the list.
 */
export const exportLinks = pgTable(
  'export_links',
  {
    id: identityId(),
    userId: requiredReference('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    format: text('format'),
    template: text('template'),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    index('export_links_user_idx').on(t.userId),
    check('export_links_format_or_template', sql`(${t.format} IS NULL) <> (${t.template} IS NULL)`),
  ],
);

/**
 * The last time a gateway process saw a rental hold an open tunnel or receive bytes through its
 * upstream (renewed with every usage flush, a few seconds apart). Replacement, the health check
 * and refunds read it: a proxy carrying its renter's traffic is working, whatever a check says.
 */
export const rentalActivity = pgTable(
  'rental_activity',
  {
    // References rentals (ON DELETE CASCADE), written by hand in the migration that made the table;
    // drizzle-kit's snapshot does not know the key, so declaring it here would make it add another.
    rentalId: bigNumber('rental_id').primaryKey(),
    seenAt: instant('seen_at').notNull(),
  },
  // The table keeps a row for every rental ever active; the rentals busy now (on an upstream a
  // check asks about) are the few seen within the last minute, found by this index.
  (t) => [index('rental_activity_seen_at_idx').on(t.seenAt)],
);

/**
 * The client addresses (an IPv4 address, an IPv6 /64) that used a rental, for the many-addresses
 * rule: a row counts while `last_seen` is within RENTAL_SOURCE_WINDOW_HOURS. Gateways add a row
 * only under a lock on the rental's row and refresh `last_seen` every few minutes of use.
 */
export const rentalSources = pgTable(
  'rental_sources',
  {
    // The foreign key to rentals is written by hand in the migration that made the table;
    // drizzle-kit's snapshot does not know it, so declaring it here would make it add another.
    rentalId: bigNumber('rental_id').notNull(),
    /** As sourceKey() writes it: `203.0.113.7` or `2001:db8:1:2::/64`. */
    source: text('source').notNull(),
    firstSeen: instant('first_seen').notNull(),
    lastSeen: instant('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rentalId, t.source] })],
);
