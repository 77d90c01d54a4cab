import { z } from 'zod';
import { DollarsSchema, ProxyFactsSchema, ProxyIdSchema, RentalStatusSchema, successTrue } from '../common/schemas';

/** A history record (spec section 3): the proxy's facts plus the rental's credentials and state. */
export const HistoryRecordSchema = ProxyFactsSchema.extend({
  proxy_ip: z.string(),
  proxy_port: z.number().int(),
  proxy_usr: z.string(),
  proxy_pwd: z.string(),
  /** ip:port:user:password */
  proxy: z.string(),
  status: RentalStatusSchema,
  /** ISO 8601 */
  end_time: z.string(),
  /** Traffic through the gateway so far (bytes from and to the customer). */
  bytes_up: z.number().int(),
  bytes_down: z.number().int(),
});
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>;

export const HistoryResponseSchema = z.object({
  success: successTrue,
  history: z.array(HistoryRecordSchema),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

export const TransactionsRequestSchema = z.object({ task: z.literal('get') });

export const TransactionSchema = HistoryRecordSchema.extend({
  order_id: z.string(),
  hours: z.number().int(),
  amount: DollarsSchema,
  /** ISO 8601: when the purchase or extension was made. */
  date: z.string(),
  /** purchase or extension */
  method: z.string(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionsResponseSchema = z.object({
  success: successTrue,
  transactions: z.array(TransactionSchema),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponseSchema>;

export const RefundRequestSchema = z.object({ proxy_id: ProxyIdSchema });
export type RefundRequest = z.input<typeof RefundRequestSchema>;

export const RefundResponseSchema = z.object({
  success: successTrue,
  status: z.string(),
  wallet: DollarsSchema.optional(),
});
export type RefundResponse = z.infer<typeof RefundResponseSchema>;
