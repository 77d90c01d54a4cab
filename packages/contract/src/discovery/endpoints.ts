import { defineEndpoint } from '../api/endpoint';
import { DiscoveryStatusResponseSchema, ProxyCheckRequestSchema, ProxyCheckResponseSchema } from './schemas';

export const checkProxiesEndpoint = defineEndpoint({
  operationId: 'checkProxies',
  method: 'POST',
  path: '/api/admin/proxies/check',
  tag: 'discovery',
  summary: 'Check proxies through their upstreams now',
  description: 'The given proxies (all when ids is left out): health, exit IP, and discovery of what is missing.',
  access: 'admin',
  roles: ['manager'],
  request: { body: ProxyCheckRequestSchema },
  response: ProxyCheckResponseSchema,
});

export const discoveryStatusEndpoint = defineEndpoint({
  operationId: 'getDiscoveryStatus',
  method: 'GET',
  path: '/api/admin/discovery',
  tag: 'discovery',
  summary: "This month's IPQualityScore budget",
  access: 'admin',
  roles: ['manager'],
  response: DiscoveryStatusResponseSchema,
});
