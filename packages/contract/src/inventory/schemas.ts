import { z } from 'zod';
import { IdParamSchema, successResponse } from '../common/schemas';

/** Highest per-proxy cap on one rental's concurrent connections (the column's check says the same). */
export const MAX_PROXY_CONNECTIONS = 100_000;

/**
 * `POST /api/admin/proxies/:id/max-connections`: the proxy's own cap on one rental's concurrent
 * gateway connections. null: the shop's RENTAL_MAX_CONNECTIONS; 0: unlimited.
 */
export const ProxyMaxConnectionsRequestSchema = z.object({
  maxConnections: z
    .number({ error: `maxConnections must be null or a whole number from 0 to ${MAX_PROXY_CONNECTIONS}` })
    .int(`maxConnections must be null or a whole number from 0 to ${MAX_PROXY_CONNECTIONS}`)
    .min(0, `maxConnections must be null or a whole number from 0 to ${MAX_PROXY_CONNECTIONS}`)
    .max(MAX_PROXY_CONNECTIONS, `maxConnections must be null or a whole number from 0 to ${MAX_PROXY_CONNECTIONS}`)
    .nullable(),
});
export const ProxyMaxConnectionsResponseSchema = successResponse({
  id: z.number().int(),
  maxConnections: z.number().int().nullable(),
});

/** Highest per-proxy limit on one rental's client addresses (the column's check says the same). */
export const MAX_PROXY_SOURCE_IPS = 100_000;

/**
 * `POST /api/admin/proxies/:id/max-source-ips`: the proxy's own limit on the client addresses one
 * rental may be used from in the window. null: the shop's RENTAL_MAX_SOURCE_IPS; 0: unlimited.
 */
const sourceIpsError = `maxSourceIps must be null or a whole number from 0 to ${MAX_PROXY_SOURCE_IPS}`;
export const ProxyMaxSourceIpsRequestSchema = z.object({
  maxSourceIps: z
    .number({ error: sourceIpsError })
    .int(sourceIpsError)
    .min(0, sourceIpsError)
    .max(MAX_PROXY_SOURCE_IPS, sourceIpsError)
    .nullable(),
});
export const ProxyMaxSourceIpsResponseSchema = successResponse({
  id: z.number().int(),
  maxSourceIps: z.number().int().nullable(),
});

/**
 * Where discovery stands with a proxy: `listed` once its row is complete and its checks pass (the
 * operator then sees it free, rented or disabled); each other state the operator sees as it is.
 */
export const DISCOVERY_STATES = ['checking', 'failed', 'listed', 'unhealthy'] as const;
export type DiscoveryState = (typeof DISCOVERY_STATES)[number];

/**
 * What the operator sees per proxy: `free`, `rented` and `disabled` as before, and
 * discovery's states: `checking` (being looked at through its upstream), `failed` (discovery
 * could not fill it) and `unhealthy` (failed re-checks in a row; back after one passes).
 */
export const INVENTORY_STATES = ['free', 'rented', 'disabled', 'checking', 'failed', 'unhealthy'] as const;
export type InventoryState = (typeof INVENTORY_STATES)[number];

/** One inventory row as the operator sees it (upstream credentials never leave the server). */
export const InventoryRowSchema = z.object({
  id: z.number().int(),
  ip: z.string(),
  port: z.number().int(),
  protocol: z.string(),
  type: z.string(),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  isp: z.string(),
  zip: z.string(),
  fraudScore: z.number().int(),
  enabled: z.boolean(),
  state: z.enum(INVENTORY_STATES),
  /** `direct`, `socks5` or `http` */
  upstreamKind: z.string(),
  /** Last health check through the upstream (null: never checked). */
  lastCheckedAt: z.string().nullable(),
  /** Last time a check found the upstream unavailable (null: never). */
  lastUnavailableAt: z.string().nullable(),
  /** The address the echo service saw through the upstream (null: not looked up yet). */
  exitIp: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Whether UDP passes through the upstream, as discovery last found (null: not checked). */
  udp: z.boolean().nullable(),
  /** Why the last check or discovery failed (null after one passes). */
  failureReason: z.string().nullable(),
  /** Where each field came from: operator, geo, asn, ipqs, exit or default. */
  sources: z.record(z.string(), z.string()),
  /** Cap on one rental's concurrent connections; null: the shop default, 0: unlimited. */
  maxConnections: z.number().int().nullable(),
  /** Limit on the client addresses one rental may be used from; null: the shop default, 0: unlimited. */
  maxSourceIps: z.number().int().nullable(),
  /** Client addresses the proxy's current rental was used from in the window (null: not rented). */
  sourceIps: z.number().int().nullable(),
  /** The gateway node serving the proxy's rentals (null: the shop's own gateway). */
  nodeId: z.number().int().nullable(),
});
export type InventoryRow = z.infer<typeof InventoryRowSchema>;

export const InventoryListResponseSchema = successResponse({ proxies: z.array(InventoryRowSchema) });

export const ProxyIdParamsSchema = z.object({ id: IdParamSchema });
export const ProxyEnabledResponseSchema = successResponse({
  id: z.number().int(),
  enabled: z.boolean(),
});

/**
 * Disabling a proxy cuts off the rental that holds it. `dryRun` answers what a disable would
 * affect and changes nothing (the console's confirmation asks it first); `replace` moves each
 * connected rental to a comparable healthy proxy, free of charge.
 */
export const ProxyDisableRequestSchema = z
  .object({
    replace: z.boolean().optional(),
    dryRun: z.boolean().optional(),
  })
  .nullish();
export const ProxyDisableResponseSchema = ProxyEnabledResponseSchema.extend({
  /** Rentals holding the proxy (waiting, connected or ready): they lose access. */
  affectedRentals: z.number().int(),
  /** Of those, moved to another proxy (only with `replace`; none on a dry run). */
  replaced: z.number().int(),
  /** True when nothing was changed. */
  dryRun: z.boolean(),
});
export type ProxyDisableResponse = z.infer<typeof ProxyDisableResponseSchema>;
