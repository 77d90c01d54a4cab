import { defineEndpoint } from '../api/endpoint';
import {
  ProxyListNotEnoughSchema,
  ProxyListResponseSchema,
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
