import { z } from 'zod';
import { PROXY_PROTOCOLS, PROXY_TYPES } from '../statuses';
import { SERVED_PROTOCOLS } from './protocols';
import {
  DollarsSchema,
  ProxyFactsSchema,
  ProxyIdSchema,
  PurchaseHoursSchema,
  successResponse,
} from '../common/schemas';

export const CatalogueProxySchema = ProxyFactsSchema.extend({
  type: z.enum(PROXY_TYPES),
  protocol: z.enum(PROXY_PROTOCOLS),
  /** Whether UDP (SOCKS5 UDP ASSOCIATE) passes through this proxy; null: not checked yet. */
  udp: z.boolean().nullable().describe('Whether UDP (SOCKS5 UDP ASSOCIATE) passes; null: not checked yet'),
});
export type CatalogueProxy = z.infer<typeof CatalogueProxySchema>;

export const ProxyListResponseSchema = successResponse({ proxies: z.array(CatalogueProxySchema) });
export type ProxyListResponse = z.infer<typeof ProxyListResponseSchema>;

/** The list answers this (HTTP 200: clients read the body's `status`) when the wallet is at or below zero. */
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
  count: z.number().int(),
  day_price_from: DollarsSchema,
});
export type StockGroup = z.infer<typeof StockGroupSchema>;

export const StockResponseSchema = successResponse({ stock: z.array(StockGroupSchema) });

export const SumidResponseSchema = successResponse({ sumid: z.string() });
export type SumidResponse = z.infer<typeof SumidResponseSchema>;

export const BuyRequestSchema = z.object({
  task: z.literal('up'),
  id: ProxyIdSchema,
  hours: PurchaseHoursSchema,
});
export type BuyRequest = z.input<typeof BuyRequestSchema>;

export const BuyResponseSchema = successResponse({
  message: z.string(),
  wallet: DollarsSchema,
});
export type BuyResponse = z.infer<typeof BuyResponseSchema>;

/** One type's whole percentage (1-100) of the free proxies. */
export const TypeShareSchema = z.object({ type: z.enum(PROXY_TYPES), percent: z.number().int() });
export type TypeShare = z.infer<typeof TypeShareSchema>;

/**
 * What the storefront (landing, terms, the catalogue's protocol filter) may state: figures of the
 * free stock and the rules as configured, so no page promises what the shop does not have.
 */
export const StorefrontFactsSchema = successResponse({
  stock: z.object({
    /** Free proxies now. */
    free: z.number().int(),
    /** The cheapest hour among the free proxies, each at its own fraud score; null when none is free. */
    lowestHourCents: z.number().int().nullable(),
    /** Countries with at least one free proxy. */
    countries: z.number().int(),
    /** The types in stock only, largest share first; the shares add up to 100. */
    types: z.array(TypeShareSchema),
    /** Whole percentage of free proxies through which UDP passes (0: UDP is not offered). */
    udpPercent: z.number().int(),
  }),
  protocols: z.array(z.enum(SERVED_PROTOCOLS)),
  rules: z.object({
    /** Concurrent connections one rental may hold; 0: unlimited. */
    maxConnections: z.number().int(),
    /** Client addresses (IPv6 by /64) one rental may be used from within `sourceWindowHours`; 0: any number. */
    maxSourceIps: z.number().int(),
    sourceWindowHours: z.number().int(),
    /** Target ports no proxy connects to. */
    blockedPorts: z.array(z.number().int()),
    /** A proxy found unavailable within this many hours of purchase may be refunded… */
    refundUnavailableHours: z.number().int(),
    /** …if asked within this many hours of purchase. */
    refundRequestHours: z.number().int(),
  }),
});
export type StorefrontFacts = z.infer<typeof StorefrontFactsSchema>;
