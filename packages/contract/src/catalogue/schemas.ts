import { z } from 'zod';
import { PROXY_PROTOCOLS, PROXY_TYPES } from '../statuses';
import { DollarsSchema, ProxyFactsSchema, ProxyIdSchema, PurchaseHoursSchema, successTrue } from '../common/schemas';

export const CatalogueProxySchema = ProxyFactsSchema.extend({
  type: z.enum(PROXY_TYPES),
  protocol: z.enum(PROXY_PROTOCOLS),
});
export type CatalogueProxy = z.infer<typeof CatalogueProxySchema>;

export const ProxyListResponseSchema = z.object({
  success: successTrue,
  proxies: z.array(CatalogueProxySchema),
});
export type ProxyListResponse = z.infer<typeof ProxyListResponseSchema>;

/** Spec section 8: the list answers this when the wallet is at or below zero. */
export const NOT_ENOUGH_STATUS = 'not enough' as const;
export const NOT_ENOUGH_MESSAGE = 'You need to add funds to access proxies';
export const ProxyListNotEnoughSchema = z.object({
  success: z.literal(false),
  status: z.literal(NOT_ENOUGH_STATUS),
  message: z.string(),
});

/**
 * What is for sale, without the addresses: free proxies grouped by country, type and protocol,
 * with how many there are and the lowest price of one day among them (their best fraud-score discount).
 */
export const StockGroupSchema = z.object({
  country: z.string(),
  type: z.enum(PROXY_TYPES),
  protocol: z.enum(PROXY_PROTOCOLS),
  count: z.number().int(),
  day_price_from: DollarsSchema,
});
export type StockGroup = z.infer<typeof StockGroupSchema>;

export const StockResponseSchema = z.object({
  success: successTrue,
  stock: z.array(StockGroupSchema),
});

export const SumidResponseSchema = z.object({
  success: successTrue,
  sumid: z.string(),
});
export type SumidResponse = z.infer<typeof SumidResponseSchema>;

export const BuyRequestSchema = z.object({
  task: z.literal('up'),
  id: ProxyIdSchema,
  hours: PurchaseHoursSchema,
});
export type BuyRequest = z.input<typeof BuyRequestSchema>;

export const BuyResponseSchema = z.object({
  success: successTrue,
  message: z.string(),
  wallet: DollarsSchema,
});
export type BuyResponse = z.infer<typeof BuyResponseSchema>;
