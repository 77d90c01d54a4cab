import { defineEndpoint } from '../api/endpoint';
import { ProxyImportQuerySchema, ProxyImportRequestSchema, ProxyImportResponseSchema } from './import-schemas';
import {
  InventoryListResponseSchema,
  ProxyDisableRequestSchema,
  ProxyDisableResponseSchema,
  ProxyEnabledResponseSchema,
  ProxyIdParamsSchema,
} from './schemas';

/** Inventory files can be large: 20,000 CSV rows fit in this. */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const importProxiesEndpoint = defineEndpoint({
  operationId: 'importProxies',
  method: 'POST',
  path: '/api/admin/proxies',
  tag: 'admin',
  summary: 'Import proxies',
  description:
    "JSON {proxies:[...]}, CSV (text/csv) with a header row, or plain text (text/plain) with one upstream a line (host:port, host:port:user:pass, user:pass@host:port, socks5://…, http://…; ?protocol=socks5|http, ?type= and ?max_connections= are the batch defaults, in any case; without protocol, lines without a scheme are probed). All or nothing; upstreams already in the inventory are reported in `duplicates` and skipped. `max_connections` (a column, a field or the batch default) caps one rental's concurrent connections through that proxy; 0 is unlimited, absent is RENTAL_MAX_CONNECTIONS. `node` (likewise) names the gateway node that serves the proxy; absent, the shop's own gateway; a name that is no live node refuses the import.",
  access: 'admin',
  roles: ['manager'],
  request: { query: ProxyImportQuerySchema, body: ProxyImportRequestSchema, textBody: ['text/csv', 'text/plain'] },
  response: ProxyImportResponseSchema,
  errors: ['IMPORT_INVALID'],
  bodyLimit: IMPORT_BODY_LIMIT,
});

export const inventoryEndpoint = defineEndpoint({
  operationId: 'listInventory',
  method: 'GET',
  path: '/api/admin/proxies',
  tag: 'admin',
  summary: 'The inventory',
  description: 'Each proxy with its state, health, exit IP and the source of each field; no upstream credentials.',
  access: 'admin',
  roles: ['manager'],
  response: InventoryListResponseSchema,
});

export const enableProxyEndpoint = defineEndpoint({
  operationId: 'enableProxy',
  method: 'POST',
  path: '/api/admin/proxies/:id/enable',
  tag: 'admin',
  summary: 'Put a proxy back in the catalogue',
  access: 'admin',
  roles: ['manager'],
  request: { params: ProxyIdParamsSchema },
  response: ProxyEnabledResponseSchema,
  errors: ['PROXY_NOT_FOUND'],
});

export const disableProxyEndpoint = defineEndpoint({
  operationId: 'disableProxy',
  method: 'POST',
  path: '/api/admin/proxies/:id/disable',
  tag: 'admin',
  summary: 'Take a proxy out of the catalogue',
  description:
    'The rental holding it loses access: its renter is notified and may replace it free of charge or ask for a refund under the usual rule. `{"dryRun":true}` only counts the rentals affected; `{"replace":true}` moves each connected rental to a comparable healthy proxy, free of charge (a rental with none free is notified instead).',
  access: 'admin',
  roles: ['manager'],
  request: { params: ProxyIdParamsSchema, body: ProxyDisableRequestSchema },
  response: ProxyDisableResponseSchema,
  errors: ['PROXY_NOT_FOUND'],
});
