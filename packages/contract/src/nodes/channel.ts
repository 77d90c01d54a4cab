import { z } from 'zod';
import { successResponse } from '../common/schemas';

/**
 * What a gateway node and the API say to each other. A node holds no database credentials: it
 * reports itself, reads a stream of what it serves (a snapshot, then changes), delivers usage in
 * numbered batches, and runs checks through its upstreams when the API asks. Every call carries
 * `Authorization: Bearer <node token>`; a 401 means the token is unknown or revoked, and a node
 * that gets one stops serving at once.
 */

/** The stream's content type: one JSON object per line. */
export const NODE_STREAM_CONTENT_TYPE = 'application/x-ndjson';
/** The API writes a ping this often when nothing else was written. */
export const NODE_PING_MS = 5_000;
/** A node that read nothing for this long has lost contact and reconnects. */
export const NODE_SILENCE_MS = 15_000;
/** A node reports itself at start and this often. */
export const NODE_REPORT_MS = 10_000;
/** The most of a fetched body a probe result carries. */
export const NODE_PROBE_BODY_MAX = 64 * 1024;
/** The most entries (and active rentals) one usage batch may carry. */
export const NODE_USAGE_MAX_ENTRIES = 10_000;

const port = z.number().int().min(1).max(65535);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoTime = z.iso.datetime({ offset: true });

/** `POST /api/node/report`: the node's version, the ports it listens on, and its counters since it started. */
export const NodeReportSchema = z.object({
  version: z.string().min(1).max(100),
  socksPort: port,
  httpPort: port,
  tlsPort: port.nullable(),
  openConnections: count,
  bytesUp: count,
  bytesDown: count,
});
export type NodeReport = z.infer<typeof NodeReportSchema>;

export const NodeIdentitySchema = z.object({ id: z.number().int(), name: z.string(), host: z.string() });
export type NodeIdentity = z.infer<typeof NodeIdentitySchema>;

export const NodeReportAnswerSchema = successResponse({
  node: NodeIdentitySchema,
  /** The API's clock (ISO 8601), so a node can tell how far its own is off. */
  serverTime: z.string(),
});
export type NodeReportAnswer = z.infer<typeof NodeReportAnswerSchema>;

/** One rental a node serves: what the gateway needs to let its renter in, and until when. */
export const NodeAccessSchema = z.object({
  rentalId: z.number().int(),
  proxyId: z.number().int(),
  username: z.string(),
  password: z.string(),
  status: z.string(),
  /** ISO 8601: the node cuts the rental at this time by its own clock. */
  endTime: z.string(),
  upstream: z.string(),
  proxyEnabled: z.boolean(),
  /** The proxy's cap on one rental's concurrent connections; null: the settings' default. */
  maxConnections: z.number().int().nullable(),
  /** The proxy's limit on one rental's client addresses; null: the settings' default. */
  maxSourceIps: z.number().int().nullable(),
  /** ISO 8601: when the renter last cleared the addresses (sightings before it are stale); absent: never. */
  sourcesClearedAt: z.string().nullable().optional(),
});
export type NodeAccess = z.infer<typeof NodeAccessSchema>;

/** IP authorization of one rental: its own port and the addresses that may use it without a password. */
export const NodeIpAuthEntrySchema = z.object({
  port,
  rentalId: z.number().int(),
  username: z.string(),
  ips: z.array(z.string()),
});
export type NodeIpAuthEntry = z.infer<typeof NodeIpAuthEntrySchema>;

/** The shop's defaults a node applies where a proxy has none of its own. */
export const NodeSettingsSchema = z.object({
  /** Concurrent connections of one rental (0: unlimited). */
  rentalMaxConnections: z.number().int().min(0),
  /** Client addresses one rental may be used from in the window (0: unlimited). */
  rentalMaxSourceIps: z.number().int().min(0),
  sourceWindowMs: z.number().int().positive(),
});
export type NodeSettings = z.infer<typeof NodeSettingsSchema>;

/** Why a fetch through an upstream failed (the server's FetchThroughError kinds). */
export const ProbeFailureSchema = z.enum(['connect', 'auth', 'timeout', 'unreadable']);
export type ProbeFailure = z.infer<typeof ProbeFailureSchema>;

/**
 * A client address a node's rental was used from (IPv6 by /64), as the many-addresses rule
 * counts it: the node settles the rule, the shop keeps the list its renter sees and clears.
 */
export const NodeSourceSchema = z.object({
  rentalId: id,
  source: z.string().min(1).max(64),
  firstSeen: isoTime,
  lastSeen: isoTime,
});
export type NodeSource = z.infer<typeof NodeSourceSchema>;

/** A check the API asks a node to make through one of its upstreams. */
export const FetchProbeSchema = z.object({
  id: z.uuid(),
  kind: z.literal('fetch'),
  upstream: z.string(),
  /** GET this URL through the upstream. */
  url: z.string(),
  timeoutMs: z.number().int().positive(),
});
export const UdpProbeSchema = z.object({
  id: z.uuid(),
  kind: z.literal('udp'),
  upstream: z.string(),
  /** Send a datagram to this target through the upstream and wait for the answer. */
  target: z.object({ host: z.string(), port }),
  timeoutMs: z.number().int().positive(),
});
export const ProbeSchema = z.discriminatedUnion('kind', [FetchProbeSchema, UdpProbeSchema]);
export type Probe = z.infer<typeof ProbeSchema>;
export type FetchProbe = z.infer<typeof FetchProbeSchema>;
export type UdpProbe = z.infer<typeof UdpProbeSchema>;

/** The result of a fetch probe: the answer, or why there was none. */
export const FetchProbeResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    status: z.number().int().min(100).max(999),
    /** At most {@link NODE_PROBE_BODY_MAX} characters. */
    body: z.string().max(NODE_PROBE_BODY_MAX),
    latencyMs: z.number().min(0),
  }),
  z.object({ ok: z.literal(false), failure: ProbeFailureSchema, message: z.string().max(2000) }),
]);
export type FetchProbeResult = z.infer<typeof FetchProbeResultSchema>;

/** The result of a UDP probe. */
export const UdpProbeResultSchema = z.object({ passes: z.boolean() });
export type UdpProbeResult = z.infer<typeof UdpProbeResultSchema>;

/** `POST /api/node/probes/{id}`: the result of the probe of that id. */
export const ProbeResultSchema = z.union([FetchProbeResultSchema, UdpProbeResultSchema]);
export type ProbeResult = z.infer<typeof ProbeResultSchema>;

export const ProbeResultParamsSchema = z.object({ id: z.uuid() });
export const ProbeResultAnswerSchema = successResponse({});

/** Each line of `GET /api/node/stream`. The first is always a snapshot, which replaces what the node knew. */
export const NodeSnapshotMessageSchema = z.object({
  type: z.literal('snapshot'),
  serverTime: z.string(),
  rentals: z.array(NodeAccessSchema),
  ipAuth: z.array(NodeIpAuthEntrySchema),
  settings: NodeSettingsSchema,
  /** The addresses each rental was used from within the window (absent from shops before lists were kept). */
  sources: z.array(NodeSourceSchema).optional(),
});
export const NodeStreamMessageSchema = z.union([
  NodeSnapshotMessageSchema,
  /** A rental this node serves, new or changed (an upsert). */
  z.object({ type: z.literal('rental'), access: NodeAccessSchema }),
  /** No longer this node's (moved, refunded, ended): drop it and cut its connections. */
  z.object({ type: z.literal('forget'), username: z.string() }),
  /** The rental's IP authorization changed; null: it has none any more. */
  z.object({ type: z.literal('ipAuth'), rentalId: z.number().int(), entry: NodeIpAuthEntrySchema.nullable() }),
  /** The renter cleared the rental's list of client addresses: forget them and cut their connections. */
  z.object({ type: z.literal('sourcesCleared'), rentalId: z.number().int() }),
  /** Run this check and post its result to `/api/node/probes/{id}`. */
  FetchProbeSchema.extend({ type: z.literal('probe') }),
  UdpProbeSchema.extend({ type: z.literal('probe') }),
  z.object({ type: z.literal('ping'), serverTime: z.string() }),
]);
export type NodeStreamMessage = z.infer<typeof NodeStreamMessageSchema>;
export type NodeSnapshotMessage = z.infer<typeof NodeSnapshotMessageSchema>;

/** One rental's bytes in one hour (the hour's start, ISO 8601). */
export const NodeUsageEntrySchema = z.object({
  rentalId: id,
  hour: isoTime,
  up: count,
  down: count,
});
export type NodeUsageEntry = z.infer<typeof NodeUsageEntrySchema>;

/**
 * `POST /api/node/usage`: numbered per journal (1, 2, 3, …); each number of a journal is applied
 * once. The journal's id is made with its file, so a node reinstalled with an empty DATA_DIR, or a
 * second server on the same token, numbers from 1 again without its batches taken for repeats.
 * (Batches written before journals had ids carry none, and keep the numbering they had.)
 */
export const NodeUsageBatchSchema = z.object({
  journal: z.uuid().optional(),
  batch: id,
  at: isoTime,
  entries: z.array(NodeUsageEntrySchema).max(NODE_USAGE_MAX_ENTRIES),
  /** Rentals carrying traffic (an open tunnel, or bytes back through the upstream). */
  active: z.array(id).max(NODE_USAGE_MAX_ENTRIES),
  /** Addresses first seen or used again since the last batch. */
  sources: z.array(NodeSourceSchema).max(NODE_USAGE_MAX_ENTRIES).optional(),
});
export type NodeUsageBatch = z.infer<typeof NodeUsageBatchSchema>;

export const NodeUsageAnswerSchema = successResponse({
  /** false: this batch number was applied before (the node drops it either way). */
  applied: z.boolean(),
});
export type NodeUsageAnswer = z.infer<typeof NodeUsageAnswerSchema>;

/** Reads one line of the stream; null when it is not a message of this protocol. */
export function parseNodeStreamLine(line: string): NodeStreamMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = NodeStreamMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
