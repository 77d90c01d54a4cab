import { z } from 'zod';
import { MIN_DEPOSIT_USD } from '../constants';
import { DollarsSchema, IdParamSchema, boundedText, successResponse } from '../common/schemas';
import { dollarsAsCents } from '../money';

export const PaymentServicesResponseSchema = successResponse({ services: z.array(z.string()) });

export const PaymentCreateRequestSchema = z.object({
  amount: z
    .number({ error: 'amount must be a number of dollars' })
    .int('amount must be a whole number of dollars')
    .min(MIN_DEPOSIT_USD, `the minimum deposit is $${MIN_DEPOSIT_USD}`)
    .max(1_000_000, 'amount is too large'),
  currency: boundedText(20),
});
export type PaymentCreateRequest = z.infer<typeof PaymentCreateRequestSchema>;

export const PaymentCreateResponseSchema = successResponse({
  uuid: z.string(),
  url: z.string(),
});
export type PaymentCreateResponse = z.infer<typeof PaymentCreateResponseSchema>;

export const PaymentStatusRequestSchema = z.object({
  task: z.literal('check'),
  uuid: boundedText(100),
});

export const PaymentStatusResponseSchema = successResponse({
  /** `paid`, `fail`, or the provider's pending status as it is. */
  status: z.string(),
});
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponseSchema>;

export const PaymentSchema = z.object({
  created: z.string(),
  currency: z.string(),
  amount: DollarsSchema,
  status: z.string(),
  uuid: z.string(),
  url: z.string(),
  method: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentHistoryResponseSchema = successResponse({ payments: z.array(PaymentSchema) });

export const GiftcardRequestSchema = z.object({
  giftcard: z.string().trim().min(1, 'Please enter a gift card code').max(100),
});

export const GiftcardResponseSchema = successResponse({
  amount: DollarsSchema,
  message: z.string(),
});

export const PaymentUuidParamsSchema = z.object({ uuid: boundedText(100) });

export const SandboxOutcomeRequestSchema = z.object({ outcome: z.enum(['paid', 'fail']) });

/** What the sandbox checkout page shows. */
export const SandboxPaymentResponseSchema = successResponse({
  uuid: z.string(),
  amount: DollarsSchema,
  method: z.string(),
  status: z.string(),
});

/** Status polling asks the provider at most this often per payment. */
export const PROVIDER_CHECK_INTERVAL_MS = 10_000;

/** The most one gift card may be worth, and the most codes one request makes. */
export const MAX_GIFTCARD_DOLLARS = 10_000;
export const MAX_GIFTCARDS_PER_REQUEST = 1000;

/** Parsed, the amount is cents (`amountCents`): the HTTP call and the command line read it alike. */
export const GiftcardCreateRequestSchema = z
  .object({
    amount: dollarsAsCents('amount', MAX_GIFTCARD_DOLLARS).refine((cents) => cents > 0, 'amount must be more than 0'),
    count: z
      .number({ error: 'count must be a whole number' })
      .int('count must be a whole number')
      .min(1, 'count must be at least 1')
      .max(MAX_GIFTCARDS_PER_REQUEST, `count must be at most ${MAX_GIFTCARDS_PER_REQUEST}`),
  })
  .transform(({ amount, count }) => ({ amountCents: amount, count }));
export type GiftcardCreateRequest = z.input<typeof GiftcardCreateRequestSchema>;
export const GiftcardCreateResponseSchema = successResponse({ codes: z.array(z.string()) });

export const GiftcardRowSchema = z.object({
  id: z.number().int(),
  /** Masked (`****-****-****-WXYZ`): the full code is in the answer that creates it, and a reveal. */
  code: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  redeemedBy: z.number().int().nullable(),
  redeemedAt: z.string().nullable(),
});
export type GiftcardRow = z.infer<typeof GiftcardRowSchema>;
export const GiftcardListResponseSchema = successResponse({ giftcards: z.array(GiftcardRowSchema) });
export const GiftcardIdParamsSchema = z.object({ id: IdParamSchema });
export const GiftcardRevealResponseSchema = successResponse({ id: z.number().int(), code: z.string() });
