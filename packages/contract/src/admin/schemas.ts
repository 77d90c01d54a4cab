import { z } from 'zod';
import { PROXY_PROTOCOLS, PROXY_TYPES } from '../statuses';
import { boundedText, successTrue } from '../common/schemas';

export const AdminLoginRequestSchema = z.object({ secretCode: boundedText(500) });
export const AdminLoginResponseSchema = z.object({
  success: successTrue,
  token: z.string(),
  /** ISO 8601 */
  expiresAt: z.string(),
});
export const AdminVerifyRequestSchema = z.object({ token: boundedText(500) });
export const AdminVerifyResponseSchema = z.object({ success: successTrue });
export const AdminLogoutResponseSchema = z.object({ success: successTrue });

/** How the gateway reaches an upstream: `direct`, or a SOCKS5 / HTTP proxy URL with credentials. */
export const UPSTREAM_PATTERN = /^(direct|(socks5|http):\/\/([^:@/\s]+:[^@/\s]*@)?[^:@/\s]+:\d{1,5})$/;

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(max));
const wholeNumber = (name: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `${name} must be a whole number from ${min} to ${max}` })
      .int(`${name} must be a whole number from ${min} to ${max}`)
      .min(min, `${name} must be a whole number from ${min} to ${max}`)
      .max(max, `${name} must be a whole number from ${min} to ${max}`),
  );

/** One inventory row of an import (DESIGN section 7); CSV cells arrive as text and are coerced. */
export const ProxyImportRowSchema = z.object({
  ip: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.union([z.ipv4(), z.ipv6()], { error: 'ip must be an IPv4 or IPv6 address' }),
  ),
  port: wholeNumber('port', 1, 65535),
  protocol: z.preprocess(
    upper,
    z.enum(PROXY_PROTOCOLS, { error: `protocol must be one of ${PROXY_PROTOCOLS.join(', ')}` }),
  ),
  type: z.preprocess(lower, z.enum(PROXY_TYPES, { error: `type must be one of ${PROXY_TYPES.join(', ')}` })),
  country: z.preprocess(upper, z.string().regex(/^[A-Z]{2}$/, 'country must be a two-letter ISO 3166 code')),
  region: text(100),
  city: text(100),
  isp: text(200),
  zip: text(20),
  fraud_score: wholeNumber('fraud_score', 0, 100),
  upstream: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .max(500)
      .regex(UPSTREAM_PATTERN, 'upstream must be direct, socks5://user:pass@host:port or http://user:pass@host:port'),
  ),
});
export type ProxyImportRow = z.infer<typeof ProxyImportRowSchema>;

export const MAX_IMPORT_ROWS = 20_000;

export const ProxyImportRequestSchema = z.object({
  proxies: z.array(z.unknown()).min(1, 'proxies must list at least one proxy').max(MAX_IMPORT_ROWS),
});

export const ProxyImportResponseSchema = z.object({
  success: successTrue,
  added: z.number().int(),
  ids: z.array(z.number().int()),
});

export const ProxyIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const ProxyEnabledResponseSchema = z.object({
  success: successTrue,
  id: z.number().int(),
  enabled: z.boolean(),
});

export const LEDGER_KINDS = [
  'deposit',
  'giftcard',
  'purchase',
  'extension',
  'refund',
  'referral_reward',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Operator's manual balance change (DESIGN section 7): dollars with at most 2 decimals, a reason. */
export const BalanceAdjustRequestSchema = z.object({
  customer: z.union([z.number().int().positive(), boundedText(100)]),
  amount: z
    .number()
    .refine((v) => Number.isFinite(v) && Math.abs(v) <= 1_000_000, 'amount must be at most 1,000,000 dollars')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'amount must have at most 2 decimals')
    .refine((v) => v !== 0, 'amount must not be 0'),
  reason: z.string().trim().min(1, 'a reason is required').max(500),
});
export const BalanceAdjustResponseSchema = z.object({
  success: successTrue,
  customerId: z.number().int(),
  wallet: z.number(),
});
