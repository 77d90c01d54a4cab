import { DISCOVERY_STATES, MAX_PROXY_CONNECTIONS, MAX_PROXY_SOURCE_IPS, type DiscoveryState } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigNumber, createdAt, identityId, instant } from '../schema-columns';
import { inList } from '../sql-lists';
import { nodes } from './nodes';

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
    discovery: text('discovery').$type<DiscoveryState>().notNull().default('listed'),
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
    check(
      'proxies_max_connections_range',
      sql`${t.maxConnections} BETWEEN 0 AND ${sql.raw(String(MAX_PROXY_CONNECTIONS))}`,
    ),
    check(
      'proxies_max_source_ips_range',
      sql`${t.maxSourceIps} BETWEEN 0 AND ${sql.raw(String(MAX_PROXY_SOURCE_IPS))}`,
    ),
    check('proxies_discovery_known', sql`${t.discovery} IN (${inList(DISCOVERY_STATES)})`),
  ],
);
