import { z } from 'zod';
import { IdParamSchema, successResponse } from '../common/schemas';
import { NodeIdentitySchema } from './channel';

/**
 * Gateway nodes as the operators manage them. A node's token is answered once, when it is added;
 * the server keeps only its SHA-256 digest, so a lost token means revoking the node and adding it
 * again.
 */

/** How long after its last contact a node still counts as online: two missed 10-second reports and then some. */
export const NODE_ONLINE_WINDOW_MS = 30_000;

/** The longest node name and host (a DNS name's limit); the console's fields use the same. */
export const MAX_NODE_NAME_LENGTH = 64;
export const MAX_NODE_HOST_LENGTH = 253;

/** A host name or an IP address customers connect to: no scheme, no port, no spaces. */
const hostSchema = z
  .string()
  .trim()
  .min(1, 'host is required')
  .max(MAX_NODE_HOST_LENGTH)
  .regex(/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)$/, {
    message: 'host must be a host name or an IP address, without a scheme or a port',
  })
  .transform((host) => host.replace(/^\[(.*)\]$/, '$1'));

export const NodeNameSchema = z
  .string()
  .trim()
  .min(1, 'name is required')
  .max(MAX_NODE_NAME_LENGTH)
  .regex(/^[\p{L}\p{N}._-]+$/u, { message: 'name may hold letters, digits, dots, dashes and underscores' });

export const NodeCreateRequestSchema = z.object({ name: NodeNameSchema, host: hostSchema });
export type NodeCreateRequest = z.input<typeof NodeCreateRequestSchema>;

export const NodeIdParamsSchema = z.object({ id: IdParamSchema });

/** A node as the console lists it: the identity its own report is answered with, then its state. */
export const NodeViewSchema = NodeIdentitySchema.extend({
  createdAt: z.string(),
  /** Revoked nodes stay listed (their proxies and history name them); their token opens nothing. */
  revokedAt: z.string().nullable(),
  /** Not revoked, and in contact within the last 30 seconds. */
  online: z.boolean(),
  /** The node's last contact (null: never connected). */
  last_seen: z.string().nullable(),
  /** As the node reported them (null until its first report). */
  version: z.string().nullable(),
  socksPort: z.number().int().nullable(),
  httpPort: z.number().int().nullable(),
  tlsPort: z.number().int().nullable(),
  openConnections: z.number().int(),
  /** Bytes relayed since the node process started, as of its last report. */
  bytesUp: z.number().int(),
  bytesDown: z.number().int(),
  /** Proxies this node serves. */
  proxies: z.number().int(),
});
export type NodeView = z.infer<typeof NodeViewSchema>;

export const NodeListResponseSchema = successResponse({
  nodes: z.array(NodeViewSchema),
  /**
   * What the answering API runs, in the form nodes report theirs (`1.0.0+3f2a1b9c0d4e`: the
   * release, then the commit when known): a node reporting another version runs other code.
   */
  shopVersion: z.string(),
});
export const NodeCreateResponseSchema = successResponse({
  node: NodeViewSchema,
  /** The node's NODE_TOKEN: shown this once. */
  token: z.string(),
});
export const NodeRevokeResponseSchema = successResponse({ id: z.number().int(), revokedAt: z.string() });

/** `POST /api/admin/proxies/{id}/node`: the node that serves the proxy, or null for the shop's own gateway. */
export const ProxyNodeRequestSchema = z.object({ nodeId: z.number().int().positive().nullable() });
export const ProxyNodeResponseSchema = successResponse({
  id: z.number().int(),
  nodeId: z.number().int().nullable(),
});
