import { defineEndpoint } from '../api/endpoint';
import { AuditListResponseSchema, AuditQuerySchema } from './schemas';

export const auditEndpoint = defineEndpoint({
  operationId: 'listAudit',
  method: 'GET',
  path: '/api/admin/audit',
  tag: 'admin',
  summary: 'Operator actions, newest first',
  description:
    'Who (operator id and name, source address), when, what: API and command line. A page of `limit` rows; `nextCursor` as `cursor` gives the older ones. `operatorId`, `action` (`proxies.disable`, or `proxies` for all of them), `from` and `to` filter. Refusals and failed logins from one source are one row a minute with a `count`.',
  access: 'admin',
  request: { query: AuditQuerySchema },
  response: AuditListResponseSchema,
});
