import { z } from 'zod';
import { DollarsSchema, boundedText, successResponse } from '../common/schemas';

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

/** API keys are URL-safe text; anything longer than this cannot be one of ours. */
export const API_KEY_MAX_LENGTH = 200;

export const LoginRequestSchema = z
  .object({ key: boundedText(API_KEY_MAX_LENGTH).nullish() })
  .nullish()
  .describe('Key in the body, or none to log in with the x-api-key header (auto-login).');
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = successResponse({ referral_key: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The longest referral code a sign-up carries (the landing page keeps no more of `?ref=`). */
export const MAX_REFERRAL_CODE_LENGTH = 200;

export const RegisterRequestSchema = z
  .object({ referralCode: boundedText(MAX_REFERRAL_CODE_LENGTH).nullish() })
  .nullish();
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const RegisterResponseSchema = successResponse({ apiKey: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const WalletResponseSchema = successResponse({ wallet: DollarsSchema });
export type WalletResponse = z.infer<typeof WalletResponseSchema>;

/** How many of the newest balance changes the wallet activity answers. */
export const WALLET_ACTIVITY_LIMIT = 200;

/** One change of the balance: what it was, by how much (signed dollars) and the balance after it. */
export const WalletActivitySchema = z.object({
  /** ISO 8601. */
  date: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: DollarsSchema,
  balance: DollarsSchema,
});
export type WalletActivity = z.infer<typeof WalletActivitySchema>;

export const WalletActivityResponseSchema = successResponse({ activity: z.array(WalletActivitySchema) });

export const LogoutResponseSchema = successResponse({});
