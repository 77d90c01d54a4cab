import { defineEndpoint } from '../api/endpoint';
import {
  ProxyIdParamsSchema,
  ProxyMaxConnectionsRequestSchema,
  ProxyMaxConnectionsResponseSchema,
  ProxyMaxSourceIpsRequestSchema,
  ProxyMaxSourceIpsResponseSchema,
} from './schemas';

export const setProxyMaxConnectionsEndpoint = defineEndpoint({
  operationId: 'setProxyMaxConnections',
  method: 'POST',
  path: '/api/admin/proxies/:id/max-connections',
  tag: 'admin',
  summary: "A proxy's cap on one rental's concurrent gateway connections",
  description:
    'null: the shop default (RENTAL_MAX_CONNECTIONS); 0: unlimited. Counted per gateway process. Connections already open are not cut when the cap is lowered; new ones are refused until the rental is under it.',
  access: 'admin',
  roles: ['manager'],
  request: { params: ProxyIdParamsSchema, body: ProxyMaxConnectionsRequestSchema },
  response: ProxyMaxConnectionsResponseSchema,
  errors: ['PROXY_NOT_FOUND'],
});

export const setProxyMaxSourceIpsEndpoint = defineEndpoint({
  operationId: 'setProxyMaxSourceIps',
  method: 'POST',
  path: '/api/admin/proxies/:id/max-source-ips',
  tag: 'admin',
  summary: "A proxy's limit on the client addresses one rental may be used from",
  description:
    "null: the shop default (RENTAL_MAX_SOURCE_IPS); 0: unlimited. Counted across all gateway processes within RENTAL_SOURCE_WINDOW_HOURS, IPv6 by /64. Addresses already on a rental's list keep working when the limit is lowered; new ones are refused while the list is full.",
  access: 'admin',
  roles: ['manager'],
  request: { params: ProxyIdParamsSchema, body: ProxyMaxSourceIpsRequestSchema },
  response: ProxyMaxSourceIpsResponseSchema,
  errors: ['PROXY_NOT_FOUND'],
});
