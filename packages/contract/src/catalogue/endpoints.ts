import { defineEndpoint } from '../api/endpoint';
import {
  ProxyListNotEnoughSchema,
  ProxyListResponseSchema,
  StockResponseSchema,
  StorefrontFactsSchema,
  SumidResponseSchema,
} from './schemas';

export const proxyListEndpoint = defineEndpoint({
  operationId: 'listProxies',
  method: 'GET',
  path: '/api/proxy/list',
  tag: 'catalogue',
  summary: 'The free proxies',
  description:
    'A wallet at or below zero answers `{success:false, status:"not enough", message}` instead. Gzip when accepted.',
  access: 'customer',
  response: ProxyListResponseSchema.or(ProxyListNotEnoughSchema),
  notModified: true,
});

export const sumidEndpoint = defineEndpoint({
  operationId: 'getSumid',
  method: 'GET',
  path: '/api/proxy/sumid',
  tag: 'catalogue',
  summary: "The catalogue's version",
  description: 'Changes whenever the free list changes. Sent with an ETag: If-None-Match with it answers 304.',
  access: 'customer',
  response: SumidResponseSchema,
  notModified: true,
});

export const storefrontFactsEndpoint = defineEndpoint({
  operationId: 'getStorefrontFacts',
  method: 'GET',
  path: '/api/storefront',
  tag: 'catalogue',
  summary: "The shop's figures and rules as the storefront states them",
  description:
    'Free stock (lowest hourly price, countries, share of each type, UDP), the protocols the gateway serves and the configured rules. Follows stock changes within a minute.',
  access: 'public',
  response: StorefrontFactsSchema,
});

export const stockEndpoint = defineEndpoint({
  operationId: 'getStock',
  method: 'GET',
  path: '/api/proxy/stock',
  tag: 'catalogue',
  summary: 'What is for sale',
  description:
    'The free proxies grouped by country and type: count and the lowest price of one day (dollars). No key needed, so visitors and empty wallets see what the shop sells; addresses stay in the list.',
  access: 'public',
  response: StockResponseSchema,
});
