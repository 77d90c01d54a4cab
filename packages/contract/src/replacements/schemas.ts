import { z } from 'zod';
import { ProxyFactsSchema, ProxyIdSchema, successResponse } from '../common/schemas';

/** Why a customer asks for another proxy (proxy-seller's three reasons). */
export const REPLACE_REASONS = ['not_working', 'wrong_location', 'slow'] as const;
export type ReplaceReason = (typeof REPLACE_REASONS)[number];
/** What a replacement made by the health job records as its reason. */
export const AUTO_REPLACE_REASON = 'failed_checks';
/** What a replacement made by the operator's "disable and replace" records as its reason. */
export const DISABLE_REPLACE_REASON = 'proxy_disabled';

/** The console lists at most this many replacements, the newest. */
export const REPLACEMENTS_LIST_LIMIT = 500;

/** REPLACEMENTS_PER_RENTAL_DAY when the variable is unset: customer moves of one rental a day. */
export const DEFAULT_REPLACEMENTS_PER_RENTAL_DAY = 3;
/** AUTO_REPLACEMENTS_PER_RENTAL_DAY when the variable is unset: the health job's moves a day. */
export const DEFAULT_AUTO_REPLACEMENTS_PER_RENTAL_DAY = 3;

export const ReplaceQuerySchema = z.object({ proxy_id: ProxyIdSchema });
export const ReplaceRequestSchema = z.object({
  proxy_id: ProxyIdSchema,
  reason: z.enum(REPLACE_REASONS).optional(),
});
export type ReplaceRequest = z.input<typeof ReplaceRequestSchema>;

/** The proxy a rental would move to, as the catalogue shows it (never its upstream). */
export const ReplacementCandidateSchema = ProxyFactsSchema.omit({ zip: true }).extend({
  type: z.string(),
  protocol: z.string(),
});
export type ReplacementCandidate = z.infer<typeof ReplacementCandidateSchema>;

export const ReplaceCandidateResponseSchema = successResponse({
  /** The rental's proxy now (the one that fails its checks). */
  proxy_id: z.number().int(),
  candidate: ReplacementCandidateSchema,
  /** Customer replacements of this rental left in the last 24 hours, this one included. */
  remaining_today: z.number().int(),
});
export type ReplaceCandidateResponse = z.infer<typeof ReplaceCandidateResponseSchema>;

export const ReplaceResponseSchema = successResponse({
  rental_id: z.number().int(),
  old_proxy_id: z.number().int(),
  /** The rental's proxy from now on: later calls name this id. */
  proxy_id: z.number().int(),
  /** The new proxy's exit address (its listed IP when the exit was never looked up). */
  exit_ip: z.string(),
  country: z.string(),
  /** Unchanged: the same proxy string works on. */
  proxy: z.string(),
});
export type ReplaceResponse = z.infer<typeof ReplaceResponseSchema>;

/** One replacement, as the history and the operator's console show it. */
export const ReplacementSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  rental_id: z.number().int(),
  old_proxy_id: z.number().int(),
  new_proxy_id: z.number().int(),
  old_ip: z.string(),
  new_ip: z.string(),
  country: z.string(),
  /** not_working, wrong_location, slow, failed_checks (automatic), or null when none was given. */
  reason: z.string().nullable(),
  automatic: z.boolean(),
  /** An automatic replacement that used the rental's last one for the day (AUTO_REPLACEMENTS_PER_RENTAL_DAY). */
  auto_cap_reached: z.boolean(),
  /** ISO 8601 */
  at: z.string(),
});
export type Replacement = z.infer<typeof ReplacementSchema>;

/**
 * What a history row shows of the rental's latest replacement: the proxy it left, then why and
 * when, as the replacement itself says.
 */
export const ReplacedFromSchema = z.object({
  proxy_id: z.number().int(),
  ip: z.string(),
  country: z.string(),
  ...ReplacementSchema.pick({ reason: true, automatic: true, at: true }).shape,
});
export type ReplacedFrom = z.infer<typeof ReplacedFromSchema>;

export const ReplacementListResponseSchema = successResponse({ replacements: z.array(ReplacementSchema) });
