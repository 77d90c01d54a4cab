import { z } from 'zod';
import { successResponse } from '../common/schemas';
import { INVENTORY_STATES } from '../inventory/schemas';

/** `POST /api/admin/proxies/check`: check these proxies now (all when `ids` is left out). */
export const ProxyCheckRequestSchema = z.object({
  ids: z.array(z.number().int().positive()).max(1000).optional(),
});
export const ProxyCheckResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  state: z.enum(INVENTORY_STATES),
  exitIp: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type ProxyCheckResult = z.infer<typeof ProxyCheckResultSchema>;
export const ProxyCheckResponseSchema = successResponse({ results: z.array(ProxyCheckResultSchema) });

/** `GET /api/admin/discovery`: the IPQualityScore budget of this month. */
export const DiscoveryStatusResponseSchema = successResponse({
  ipqs: z.object({
    /** Whether IPQS_API_KEY is set. */
    configured: z.boolean(),
    used: z.number().int(),
    limit: z.number().int(),
    /** YYYY-MM (UTC) */
    month: z.string(),
  }),
});
export type DiscoveryStatus = z.infer<typeof DiscoveryStatusResponseSchema>;
