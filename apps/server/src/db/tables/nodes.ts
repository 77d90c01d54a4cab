import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bigNumber, createdAt, identityId, instant, relayedBytes, requiredReference } from '../schema-columns';

/**
 * Gateway nodes: gateway processes on other servers that serve some proxies' rentals. A node
 * holds no database credentials; it proves itself with a token whose SHA-256 digest is kept here
 * (the token itself is shown once, when the node is added). A revoked node keeps its row, so its
 * proxies and usage history still name it, but its token opens nothing.
 */
export const nodes = pgTable(
  'nodes',
  {
    id: identityId(),
    name: text('name').notNull(),
    /** What customers connect to for this node's proxies: a host name or an IP address. */
    host: text('host').notNull(),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
    /** The node's last contact with the API (stream open or any report). */
    lastSeenAt: instant('last_seen_at'),
    /** As the node reports them: its version and the ports it listens on. */
    version: text('version'),
    socksPort: integer('socks_port'),
    httpPort: integer('http_port'),
    tlsPort: integer('tls_port'),
    /** The node's last report: open client connections and bytes relayed since it started. */
    openConnections: integer('open_connections').notNull().default(0),
    ...relayedBytes(),
    /** When the operators were told this node is offline (null: not alerted, or back since). */
    offlineAlertedAt: instant('offline_alerted_at'),
  },
  (t) => [
    uniqueIndex('nodes_token_hash_unique').on(t.tokenHash),
    // Names are unique among nodes that are not revoked: a revoked name may be used again.
    uniqueIndex('nodes_name_live_unique')
      .on(t.name)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * Usage batches a node delivered and the API applied: a node numbers its batches and resends one
 * until it is acknowledged, so the primary key is what makes each batch count once.
 */
export const nodeUsageBatches = pgTable(
  'node_usage_batches',
  {
    nodeId: requiredReference('node_id', () => nodes.id),
    /** The node's journal (its id, made with the file); '' for batches of journals before ids. */
    journal: text('journal').notNull().default(''),
    batch: bigNumber('batch').notNull(),
    appliedAt: instant('applied_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.journal, t.batch] }),
    index('node_usage_batches_applied_idx').on(t.appliedAt),
  ],
);

/**
 * Checks a node runs through its upstreams for the API. Any API process may ask, but only the one
 * holding the node's stream can tell the node: the row (and its notification) carries the request
 * there, and the node's answer, posted to whichever process, lands in the same row.
 */
export const nodeProbes = pgTable(
  'node_probes',
  {
    id: uuid('id').primaryKey(),
    nodeId: requiredReference('node_id', () => nodes.id),
    /** The probe as the node receives it. */
    request: jsonb('request').notNull(),
    /** The node's answer; null until it arrives. */
    result: jsonb('result'),
    createdAt: createdAt(),
    /** When a process holding the node's stream wrote the probe to it. */
    deliveredAt: instant('delivered_at'),
    answeredAt: instant('answered_at'),
  },
  (t) => [index('node_probes_created_idx').on(t.createdAt)],
);
