import { defineEndpoint } from '../api/endpoint';
import {
  ReplaceCandidateResponseSchema,
  ReplacementListResponseSchema,
  ReplaceQuerySchema,
  ReplaceRequestSchema,
  ReplaceResponseSchema,
  REPLACEMENTS_LIST_LIMIT,
} from './schemas';

const REPLACE_ERRORS = [
  'RENTAL_NOT_FOUND',
  'RENTAL_NOT_CONNECTED',
  'PROXY_STILL_HEALTHY',
  'REPLACEMENT_LIMIT_REACHED',
  'NO_REPLACEMENT_AVAILABLE',
  'NODE_OFFLINE',
  'CHECKS_UNAVAILABLE',
  // Each call may check the upstream live: a per-address limit keeps it from being a dialer.
  'RATE_LIMITED',
] as const;

export const replaceCandidateEndpoint = defineEndpoint({
  operationId: 'getReplacementCandidate',
  method: 'GET',
  path: '/api/proxy/replace',
  tag: 'rentals',
  summary: 'The proxy your failing rental would move to',
  description:
    'Answers the healthy free proxy a replacement would take now (same country and type, else same country), without taking it. The same refusals as the replacement itself.',
  access: 'customer',
  request: { query: ReplaceQuerySchema },
  response: ReplaceCandidateResponseSchema,
  errors: [...REPLACE_ERRORS],
});

export const replaceEndpoint = defineEndpoint({
  operationId: 'replaceProxy',
  method: 'POST',
  path: '/api/proxy/replace',
  tag: 'rentals',
  summary: 'Move your failing rental to a healthy proxy',
  description:
    'Only while the proxy fails its health checks (a passing recorded check is confirmed live). Keeps username, password, ports, IP authorization, note, auto-renew, usage and end time, and costs nothing; open connections close and new ones use the new proxy within a second. At most REPLACEMENTS_PER_RENTAL_DAY a rental in 24 hours. Later calls name the new proxy_id.',
  access: 'customer',
  request: { body: ReplaceRequestSchema },
  response: ReplaceResponseSchema,
  errors: [...REPLACE_ERRORS],
});

export const replacementsEndpoint = defineEndpoint({
  operationId: 'listReplacements',
  method: 'GET',
  path: '/api/admin/replacements',
  tag: 'console',
  summary: 'Proxy replacements, newest first',
  description: `Every replacement, by a customer or automatic after failed checks (at most ${REPLACEMENTS_LIST_LIMIT}).`,
  access: 'admin',
  roles: ['manager', 'support'],
  response: ReplacementListResponseSchema,
});
