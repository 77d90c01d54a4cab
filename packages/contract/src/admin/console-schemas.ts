import { z } from 'zod';
import { LEDGER_KINDS } from './schemas';
import { AUDIT_ACTION_PATTERN } from './audit-actions';
import { RentalStatusSchema, successTrue } from '../common/schemas';

/**
 * Answers of the operator console. Dollars as JSON numbers with at
 * most 2 decimals (the server keeps cents); times as ISO 8601 text.
 */

/** One day of money movement: credits in (deposits, gift cards), sales (purchases and extensions), refunds out. */
export const RevenueDaySchema = z.object({
  /** YYYY-MM-DD (UTC) */
  date: z.string(),
  deposits: z.number(),
  giftcards: z.number(),
  purchases: z.number(),
  refunds: z.number(),
});
export type RevenueDay = z.infer<typeof RevenueDaySchema>;

export const AdminOverviewResponseSchema = z.object({
  success: successTrue,
  customers: z.number().int(),
  /** Sum of every wallet, dollars. */
  totalBalance: z.number(),
  /** The last 30 days, oldest first, today (UTC) last; days without movement are zeros. */
  revenue: z.array(RevenueDaySchema),
  /** Rentals per status, every status listed (0 when none). */
  rentalsByStatus: z.record(RentalStatusSchema, z.number().int()),
  inventory: z.object({
    free: z.number().int(),
    rented: z.number().int(),
    disabled: z.number().int(),
    checking: z.number().int(),
    failed: z.number().int(),
    unhealthy: z.number().int(),
  }),
  pendingPayments: z.object({ count: z.number().int(), amount: z.number() }),
});
export type AdminOverview = z.infer<typeof AdminOverviewResponseSchema>;

export const CustomerSearchQuerySchema = z.object({
  /** A customer id or (part of) a referral key; empty lists the newest customers. */
  q: z.string().trim().max(100).default(''),
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
export const CustomerSearchResponseSchema = z.object({
  success: successTrue,
  customers: z.array(CustomerSummarySchema),
});

export const CustomerIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

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
  credited: z.number().nullable(),
  createdAt: z.string(),
});
export type CustomerPayment = z.infer<typeof CustomerPaymentSchema>;

export const CustomerDetailResponseSchema = z.object({
  success: successTrue,
  customer: CustomerSummarySchema.extend({ referredBy: z.number().int().nullable() }),
  /** Newest first. */
  ledger: z.array(LedgerRowSchema),
  rentals: z.array(CustomerRentalSchema),
  payments: z.array(CustomerPaymentSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailResponseSchema>;

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
export const GiftcardListResponseSchema = z.object({ success: successTrue, giftcards: z.array(GiftcardRowSchema) });
export const GiftcardIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const GiftcardRevealResponseSchema = z.object({ success: successTrue, id: z.number().int(), code: z.string() });

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Through which door: `api`, `cli` or `system` (older rows: `admin:<token id>`). */
  actor: z.string(),
  /** The operator who acted (null: an unknown caller, or the system itself). */
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  /** The address the call came from, or `cli`. */
  source: z.string().nullable(),
  action: z.string(),
  details: z.unknown(),
  /** Events the row stands for: a flood of refusals or failed logins from one source is one row a minute. */
  count: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AUDIT_PAGE_MAX = 500;
const auditTime = (name: string) =>
  z.iso.datetime({ offset: true, message: `${name} must be a date and time (ISO 8601)` }).optional();
export const AuditQuerySchema = z.object({
  operatorId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  /** An action (`proxies.disable`) or a family of them (`proxies`). */
  action: z.string().regex(AUDIT_ACTION_PATTERN, 'action must be like proxies.disable or proxies').max(64).optional(),
  from: auditTime('from'),
  to: auditTime('to'),
  /** The `nextCursor` of the page before: the rows older than it. */
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'cursor must be a nextCursor of an earlier page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(100),
});
export const AuditListResponseSchema = z.object({
  success: successTrue,
  entries: z.array(AuditEntrySchema),
  /** For the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
});
