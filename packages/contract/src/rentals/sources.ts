import { z } from 'zod';
import { ProxyIdSchema, successResponse } from '../common/schemas';

/** One client address that used a rental in the window: an IPv4 address or an IPv6 /64. */
export const RentalSourceSchema = z.object({
  /** `203.0.113.7`, or `2001:db8:1:2::/64` for every address of that IPv6 network. */
  address: z.string(),
  /** ISO 8601: the first connection from it in the window. */
  first_seen: z.string(),
  /** ISO 8601: its last use, to within a few minutes. */
  last_seen: z.string(),
});
export type RentalSource = z.infer<typeof RentalSourceSchema>;

export const RentalSourcesQuerySchema = z.object({ proxy_id: ProxyIdSchema });
export const RentalSourcesResponseSchema = successResponse({
  sources: z.array(RentalSourceSchema),
  /** How many addresses the rental may be used from in the window; 0: any number. */
  limit: z.number().int(),
  window_hours: z.number().int(),
});
export type RentalSourcesResponse = z.infer<typeof RentalSourcesResponseSchema>;

export const ClearSourcesRequestSchema = z.object({ proxy_id: ProxyIdSchema });
export const ClearSourcesResponseSchema = successResponse({
  /** How many addresses were removed. */
  cleared: z.number().int(),
});
