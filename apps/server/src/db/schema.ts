import { HOLDING_STATUSES, LEDGER_KINDS, RENTAL_STATUSES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { browserSessions, users } from './schema-accounts';
import { ipqsCache, ipqsUsage } from './schema-ipqs';
import { news } from './schema-news';
import { adminTokens, auditLog } from './schema-operators';
import { nodes } from './schema-nodes';
import { inList } from './sql-lists';
import { bigNumber, createdAt, identityId, instant, requiredReference } from './schema-columns';

/*
 * One schema for PGlite and PostgreSQL, in this file and the schema-<area>.ts files it re-exports.
 * Money is integer cents (bigint, read as number: cents stay far below 2^53). Invariants live in
 * constraints, not only in code.
 */

/**
 * The operator's inventory of upstream proxies. `upstream` says how the
 * gateway reaches the exit (`direct`, `socks5://u:p@h:port`, `http://u:p@h:port`); it holds the
 * upstream's credentials and is never sent to customers.
 */
export const proxies = pgTable(
  'proxies',
  {
    id: identityId(),
    ip: text('ip').notNull(),
    port: integer('port').notNull(),
    protocol: text('protocol').notNull(),
    type: text('type').notNull(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    city: text('city').notNull().default(''),
    isp: text('isp').notNull().default(''),
    zip: text('zip').notNull().default(''),
    fraudScore: integer('fraud_score').notNull(),
    upstream: text('upstream').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    lastCheckedAt: instant('last_checked_at'),
    lastUnavailableAt: instant('last_unavailable_at'),
    /**
     * Discovery state: `checking` until the first look through the upstream filled
     * the missing fields, `failed` when it could not, `listed` when sellable, `unhealthy` after
     * too many failed re-checks in a row. Only `listed` (and enabled, unheld) rows are for sale.
     */
    discovery: text('discovery').notNull().default('listed'),
    /** Why the last check or discovery failed, in words (null once one passes). */
    failureReason: text('failure_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** The address the echo service saw through the upstream, and when it was looked up. */
    exitIp: text('exit_ip'),
    exitCheckedAt: instant('exit_checked_at'),
    latencyMs: integer('latency_ms'),
    /** Where each catalogue field came from: `operator`, `geo`, `asn`, `ipqs`, `exit` or `default`. */
    sources: jsonb('sources').$type<Record<string, string>>().notNull().default({}),
    /** A discovery worker claimed this row until then; others skip it meanwhile. */
    discoveryLeaseUntil: instant('discovery_lease_until'),
    /**
     * Imported without a scheme and without a batch protocol: discovery asks the upstream what it
     * speaks (SOCKS5, then HTTP) before anything else, and writes the scheme into `upstream`.
     */
    detectProtocol: boolean('detect_protocol').notNull().default(false),
    /** Cap on one rental's concurrent gateway connections; null: RENTAL_MAX_CONNECTIONS, 0: unlimited. */
    maxConnections: integer('max_connections'),
    /** Client addresses one rental may be used from in the window; null: RENTAL_MAX_SOURCE_IPS, 0: unlimited. */
    maxSourceIps: integer('max_source_ips'),
    /** Since when every check of this proxy has failed (null after a passing one): replacement reads it. */
    failingSince: instant('failing_since'),
    /** Whether UDP passes through the upstream, as discovery last found (UDP_CHECK_TARGET); null: not known. */
    udp: boolean('udp'),
    /** The gateway node that serves this proxy's rentals; null: the shop's own gateway. */
    nodeId: bigNumber('node_id').references(() => nodes.id),
  },
  (t) => [
    // Addresses the operator typed are unique; discovered exits may repeat (a rotating gateway
    // answers many upstream lines with one host and port, and two of them may share an exit).
    uniqueIndex('proxies_ip_port_unique')
      .on(t.ip, t.port)
      .where(sql`(${t.sources} ->> 'ip') IS NULL OR (${t.sources} ->> 'ip') = 'operator'`),
    index('proxies_upstream_idx').on(t.upstream),
    index('proxies_node_idx').on(t.nodeId),
    check('proxies_port_range', sql`${t.port} BETWEEN 1 AND 65535`),
    check('proxies_fraud_score_range', sql`${t.fraudScore} BETWEEN 0 AND 100`),
    check('proxies_max_connections_range', sql`${t.maxConnections} BETWEEN 0 AND 100000`),
    check('proxies_max_source_ips_range', sql`${t.maxSourceIps} BETWEEN 0 AND 100000`),
    check('proxies_discovery_known', sql`${t.discovery} IN ('checking', 'failed', 'listed', 'unhealthy')`),
  ],
);

/** Statuses in which a rental holds its proxy (the contract's rule, used by both sides). */
export { HOLDING_STATUSES };
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
    bytesUp: bigNumber('bytes_up').notNull().default(0),
    bytesDown: bigNumber('bytes_down').notNull().default(0),
    /** The customer's own label, at most 256 characters. */
    note: text('note').notNull().default(''),
    /** Extend by the last period at end_time, from the wallet. */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** Why the last automatic renewal could not be made (shown in the history); null after a success. */
    renewFailure: text('renew_failure'),
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

/**
 * Append-only wallet ledger: every balance change is one row, written in the
 * transaction that changes the balance. Unique references make each event count once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: identityId(),
    userId: requiredReference('user_id', () => users.id),
    kind: text('kind').notNull(),
    /** Signed: credits positive, debits negative. */
    amountCents: bigNumber('amount_cents').notNull(),
    balanceAfterCents: bigNumber('balance_after_cents').notNull(),
    orderId: bigNumber('order_id').references(() => rentalOrders.id),
    rentalId: bigNumber('rental_id').references(() => rentals.id),
    paymentId: text('payment_id').references((): AnyPgColumn => payments.id),
    giftcardId: bigNumber('giftcard_id').references((): AnyPgColumn => giftcards.id),
    /** Free text: the operator's reason for an adjustment, or what caused an automatic entry. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('ledger_entries_order_once').on(t.orderId),
    uniqueIndex('ledger_entries_refund_once')
      .on(t.rentalId)
      .where(sql`${t.kind} = 'refund'`),
    // Each payment is credited once, and rewards its referrer once.
    uniqueIndex('ledger_entries_deposit_once')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'deposit'`),
    uniqueIndex('ledger_entries_referral_reward_once')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'referral_reward'`),
    uniqueIndex('ledger_entries_giftcard_once').on(t.giftcardId),
    check('ledger_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
    check('ledger_entries_balance_not_negative', sql`${t.balanceAfterCents} >= 0`),
    check('ledger_entries_kind_known', sql`${t.kind} IN (${inList(LEDGER_KINDS)})`),
  ],
);

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

/**
 * Wallet top-ups through a payment provider. `id` is the payment's public uuid and the provider's
 * order id; the provider's own invoice id is unique per provider.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** The method the customer pays with, e.g. BTC or LTC. */
    method: text('method').notNull(),
    amountCents: bigNumber('amount_cents').notNull(),
    /** pending, paid or fail */
    status: text('status').notNull(),
    /** The provider's own status word, reported to the client while pending. */
    providerStatus: text('provider_status').notNull(),
    url: text('url').notNull().default(''),
    creditedCents: bigNumber('credited_cents'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    lastCheckedAt: instant('last_checked_at'),
    checkLeaseUntil: instant('check_lease_until'),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_unique').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_status_idx').on(t.status),
    check('payments_status_known', sql`${t.status} IN ('pending', 'paid', 'fail')`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Operator-made codes worth an amount, each redeemable once. */
export const giftcards = pgTable(
  'giftcards',
  {
    id: identityId(),
    /** Normalized: upper case, no separators. */
    code: text('code').notNull().unique(),
    amountCents: bigNumber('amount_cents').notNull(),
    createdAt: createdAt(),
    redeemedBy: bigNumber('redeemed_by').references(() => users.id),
    redeemedAt: instant('redeemed_at'),
  },
  (t) => [check('giftcards_amount_positive', sql`${t.amountCents} > 0`)],
);

/** Gateway traffic of a rental per hour; the hours add up to the rental's byte counts. */
export const rentalUsage = pgTable(
  'rental_usage',
  {
    rentalId: requiredReference('rental_id', () => rentals.id),
    /** Start of the hour (UTC). */
    hour: instant('hour').notNull(),
    bytesUp: bigNumber('bytes_up').notNull().default(0),
    bytesDown: bigNumber('bytes_down').notNull().default(0),
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

export * from './schema-replacements';

export const schema = {
  exportLinks,
  rentalUsage,
  users,
  browserSessions,
  proxies,
  rentals,
  rentalOrders,
  ledgerEntries,
  catalogueState,
  adminTokens,
  payments,
  giftcards,
  news,
  auditLog,
  ipqsCache,
  ipqsUsage,
};

export * from './schema-accounts';
export * from './schema-ipqs';
export * from './schema-news';
export * from './schema-ops';
export * from './schema-notices';
export * from './schema-operators';
export * from './schema-alerts';
export * from './schema-sources';
export * from './schema-nodes';
