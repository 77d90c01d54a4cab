import { z } from 'zod';
import { successTrue } from '../common/schemas';

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
export const ProxyMaxConnectionsResponseSchema = z.object({
  success: successTrue,
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
export const ProxyMaxSourceIpsResponseSchema = z.object({
  success: successTrue,
  id: z.number().int(),
  maxSourceIps: z.number().int().nullable(),
});
