import { z } from 'zod';
import { MIN_DEPOSIT_USD } from '../constants';
import { DollarsSchema, boundedText, successTrue } from '../common/schemas';

export const PaymentServicesResponseSchema = z.object({
  success: successTrue,
  services: z.array(z.string()),
});

export const PaymentCreateRequestSchema = z.object({
  amount: z
    .number({ error: 'amount must be a number of dollars' })
    .int('amount must be a whole number of dollars')
    .min(MIN_DEPOSIT_USD, `the minimum deposit is $${MIN_DEPOSIT_USD}`)
    .max(1_000_000, 'amount is too large'),
  currency: boundedText(20),
});
export type PaymentCreateRequest = z.infer<typeof PaymentCreateRequestSchema>;

export const PaymentCreateResponseSchema = z.object({
  success: successTrue,
  uuid: z.string(),
  url: z.string(),
});
export type PaymentCreateResponse = z.infer<typeof PaymentCreateResponseSchema>;

export const PaymentStatusRequestSchema = z.object({
  task: z.literal('check'),
  uuid: boundedText(100),
});

export const PaymentStatusResponseSchema = z.object({
  success: successTrue,
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

export const PaymentHistoryResponseSchema = z.object({
  success: successTrue,
  payments: z.array(PaymentSchema),
});

export const GiftcardRequestSchema = z.object({
  giftcard: z.string().trim().min(1, 'Please enter a gift card code').max(100),
});

export const GiftcardResponseSchema = z.object({
  success: successTrue,
  amount: DollarsSchema,
  message: z.string(),
});

export const PaymentUuidParamsSchema = z.object({ uuid: boundedText(100) });

export const SandboxOutcomeRequestSchema = z.object({ outcome: z.enum(['paid', 'fail']) });

/** What the sandbox checkout page shows. */
export const SandboxPaymentResponseSchema = z.object({
  success: successTrue,
  uuid: z.string(),
  amount: DollarsSchema,
  method: z.string(),
  status: z.string(),
});

export const GiftcardCreateRequestSchema = z.object({
  amount: z
    .number({ error: 'amount must be a number of dollars' })
    .positive('amount must be more than 0')
    .max(10_000, 'amount must be at most 10000')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'amount must have at most 2 decimals'),
  count: z
    .number()
    .int('count must be a whole number')
    .min(1, 'count must be at least 1')
    .max(1000, 'count must be at most 1000'),
});
export const GiftcardCreateResponseSchema = z.object({ success: successTrue, codes: z.array(z.string()) });
