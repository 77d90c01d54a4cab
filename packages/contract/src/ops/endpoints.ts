import { defineEndpoint } from '../api/endpoint';
import { ProxyIdParamsSchema } from '../admin/schemas';
import {
  BackupStatusResponseSchema,
  ProxyMaxConnectionsRequestSchema,
  ProxyMaxConnectionsResponseSchema,
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

export const backupStatusEndpoint = defineEndpoint({
  operationId: 'getBackupStatus',
  method: 'GET',
  path: '/api/admin/backups',
  tag: 'admin',
  summary: 'Scheduled backups: the last one, its size and any failure',
  access: 'admin',
  // Those who run the shop day to day see whether its data is safe; finance and support do not need it.
  roles: ['manager'],
  response: BackupStatusResponseSchema,
});
