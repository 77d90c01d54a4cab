import { z } from 'zod';
import { boundedText, IdParamSchema, RentalStatusSchema, successResponse } from '../common/schemas';
import { dollarsAsCents } from '../money';
import { LEDGER_KINDS } from './schemas';

/**
 * The operator's view of customers: the console's search, one customer in full, and a manual
 * balance change. Dollars as JSON numbers with at most 2 decimals (the server keeps cents); times
 * as ISO 8601 text.
 */

/** The longest customer search, in characters (the console's search field stops there too). */
export const MAX_CUSTOMER_SEARCH_LENGTH = 100;
/** The most customers one search answers, newest first. */
export const CUSTOMER_SEARCH_LIMIT = 50;
/** A customer's detail lists at most this many of each: ledger rows, rentals, payments. */
export const CUSTOMER_DETAIL_ROWS = 500;

export const CustomerSearchQuerySchema = z.object({
  /** A customer id or (part of) a referral key; empty lists the newest customers. */
  q: z.string().trim().max(MAX_CUSTOMER_SEARCH_LENGTH).default(''),
});

export const CustomerSummarySchema = z.object({
  id: z.number().int(),
  referralKey: z.string(),
  balance: z.number(),
  createdAt: z.string(),
  /** Rentals that hold a proxy now (waiting_up .. ready). */
  activeRentals: z.number().int(),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;
export const CustomerSearchResponseSchema = successResponse({ customers: z.array(CustomerSummarySchema) });

export const CustomerIdParamsSchema = z.object({ id: IdParamSchema });

export const LedgerRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed dollars: credits positive, debits negative. */
  amount: z.number(),
  balanceAfter: z.number(),
  reason: z.string().nullable(),
  rentalId: z.number().int().nullable(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;

export const CustomerRentalSchema = z.object({
  id: z.number().int(),
  proxyId: z.number().int(),
  ip: z.string(),
  port: z.number().int(),
  country: z.string(),
  status: RentalStatusSchema,
  hours: z.number().int(),
  createdAt: z.string(),
  endTime: z.string(),
  bytesUp: z.number(),
  bytesDown: z.number(),
});
export type CustomerRental = z.infer<typeof CustomerRentalSchema>;

export const CustomerPaymentSchema = z.object({
  id: z.string(),
  provider: z.string(),
  method: z.string(),
  amount: z.number(),
  /** pending, paid or fail */
  status: z.string(),
  /**
   * The provider's own word on it (e.g. BTCPay's `Expired (PaidPartial)`), or the portal's
   * (`unconfirmed`: it stopped waiting after 72 hours): what tells a failure with money received
   * from one without.
   */
  providerStatus: z.string(),
  credited: z.number().nullable(),
  createdAt: z.string(),
});
export type CustomerPayment = z.infer<typeof CustomerPaymentSchema>;

export const CustomerDetailResponseSchema = successResponse({
  customer: CustomerSummarySchema.extend({ referredBy: z.number().int().nullable() }),
  /** Newest first. */
  ledger: z.array(LedgerRowSchema),
  rentals: z.array(CustomerRentalSchema),
  payments: z.array(CustomerPaymentSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailResponseSchema>;

/** Largest balance change one adjustment may make, either way, and the longest reason it carries. */
export const MAX_ADJUSTMENT_DOLLARS = 1_000_000;
export const MAX_ADJUSTMENT_REASON_LENGTH = 500;

/**
 * Operator's manual balance change: dollars with at most 2 decimals, a reason.
 * Parsed, the amount is cents (`amountCents`): the HTTP call and the command line read it alike.
 */
export const BalanceAdjustRequestSchema = z
  .object({
    customer: z.union([z.number().int().positive(), boundedText(100)]),
    amount: dollarsAsCents('amount', MAX_ADJUSTMENT_DOLLARS).refine((cents) => cents !== 0, 'amount must not be 0'),
    reason: z.string().trim().min(1, 'a reason is required').max(MAX_ADJUSTMENT_REASON_LENGTH),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type BalanceAdjustRequest = z.input<typeof BalanceAdjustRequestSchema>;
export const BalanceAdjustResponseSchema = successResponse({
  customerId: z.number().int(),
  wallet: z.number(),
});
