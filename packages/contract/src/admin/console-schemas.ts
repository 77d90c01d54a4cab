import { z } from 'zod';
import { RentalStatusSchema, successResponse } from '../common/schemas';

/**
 * The console's overview, which reads across the shop (customers, money, rentals, inventory,
 * payments). Dollars as JSON numbers with at most 2 decimals (the server keeps cents).
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
/** How many days of money the overview shows. */
export const REVENUE_DAYS = 30;

export const AdminOverviewResponseSchema = successResponse({
  customers: z.number().int(),
  /** Sum of every wallet, dollars. */
  totalBalance: z.number(),
  /** The last REVENUE_DAYS days, oldest first, today (UTC) last; days without movement are zeros. */
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
