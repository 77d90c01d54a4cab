import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint';
import {
  ClearSourcesRequestSchema,
  ClearSourcesResponseSchema,
  RentalSourcesQuerySchema,
  RentalSourcesResponseSchema,
} from './sources';
import { BuyRequestSchema, BuyResponseSchema } from '../catalogue/schemas';
import {
  AutoRenewRequestSchema,
  AutoRenewResponseSchema,
  CredentialsRequestSchema,
  CredentialsResponseSchema,
  ExportChoiceSchema,
  ExportLinkCreateResponseSchema,
  ExportLinkIdParamsSchema,
  ExportLinkRevokeResponseSchema,
  ExportLinksResponseSchema,
  HistoryResponseSchema,
  IpAuthRequestSchema,
  IpAuthResponseSchema,
  NoteRequestSchema,
  NoteResponseSchema,
  PullTokenParamsSchema,
  RefundRequestSchema,
  RefundResponseSchema,
  TransactionsRequestSchema,
  TransactionsResponseSchema,
  UsageQuerySchema,
  UsageResponseSchema,
  RENTAL_USAGE_DAYS,
} from './schemas';
import { ExportJsonRecordSchema } from './export';
import {
  MAX_PURCHASE_HOURS,
  MIN_PURCHASE_HOURS,
  REFUND_REQUEST_WINDOW_HOURS,
  REFUND_UNAVAILABLE_WINDOW_HOURS,
} from '../constants';
import { MAX_IP_AUTH_ADDRESSES, MIN_IPV4_PREFIX, MIN_IPV6_PREFIX } from './ip-auth';

export const buyEndpoint = defineEndpoint({
  operationId: 'buyProxy',
  method: 'POST',
  path: '/api/proxy/buy',
  tag: 'rentals',
  summary: 'Buy a proxy, or extend your rental of it',
  description: `Buys a proxy for ${MIN_PURCHASE_HOURS}..${MAX_PURCHASE_HOURS} whole hours at the shared price, or extends the caller's own connected or ready rental of it.`,
  access: 'customer',
  request: { body: BuyRequestSchema },
  response: BuyResponseSchema,
  errors: [
    'PROXY_NOT_FOUND',
    'PROXY_UNAVAILABLE',
    'PROXY_ALREADY_RENTED',
    'INSUFFICIENT_BALANCE',
    'RENTAL_NOT_EXTENDABLE',
  ],
});

export const refundEndpoint = defineEndpoint({
  operationId: 'requestRefund',
  method: 'POST',
  path: '/api/refund-by-id',
  tag: 'rentals',
  summary: 'Refund of your connected rental',
  description: `Within ${REFUND_REQUEST_WINDOW_HOURS} hours of purchase, once per rental, and only if the proxy was unavailable within ${REFUND_UNAVAILABLE_WINDOW_HOURS} hours of purchase (or fails a live check now).`,
  access: 'customer',
  request: { body: RefundRequestSchema },
  response: RefundResponseSchema,
  errors: [
    'RENTAL_NOT_FOUND',
    'REFUND_NOT_CONNECTED',
    'REFUND_WINDOW_PASSED',
    'REFUND_ALREADY_REQUESTED',
    'REFUND_NOT_ELIGIBLE',
    'REFUND_PROXY_IN_USE',
    'NODE_OFFLINE',
    'CHECKS_UNAVAILABLE',
  ],
});

export const historyEndpoint = defineEndpoint({
  operationId: 'getHistory',
  method: 'GET',
  path: '/api/proxy/history',
  tag: 'rentals',
  summary: 'Your rentals with their credentials',
  access: 'customer',
  response: HistoryResponseSchema,
});

export const transactionsEndpoint = defineEndpoint({
  operationId: 'listTransactions',
  method: 'POST',
  path: '/api/payments/transactions',
  tag: 'rentals',
  summary: 'One row per purchase and per extension',
  access: 'customer',
  request: { body: TransactionsRequestSchema },
  response: TransactionsResponseSchema,
});

export const credentialsEndpoint = defineEndpoint({
  operationId: 'renewPassword',
  method: 'POST',
  path: '/api/proxy/credentials',
  tag: 'rentals',
  summary: 'A new password for your rental',
  description: 'The username stays; the old password stops working and its connections close within a second.',
  access: 'customer',
  request: { body: CredentialsRequestSchema },
  response: CredentialsResponseSchema,
  errors: ['RENTAL_NOT_FOUND'],
});

export const noteEndpoint = defineEndpoint({
  operationId: 'setNote',
  method: 'POST',
  path: '/api/proxy/note',
  tag: 'rentals',
  summary: 'Your label for a rental',
  access: 'customer',
  request: { body: NoteRequestSchema },
  response: NoteResponseSchema,
  errors: ['RENTAL_NOT_FOUND'],
});

export const autoRenewEndpoint = defineEndpoint({
  operationId: 'setAutoRenew',
  method: 'POST',
  path: '/api/proxy/auto-renew',
  tag: 'rentals',
  summary: 'Turn auto-renew on or off',
  description:
    'At end_time, extends the rental by its last period from the wallet, at the price of that day. proxy_id may be one id or a list (a selection): all change or, if one is not yours, none (404).',
  access: 'customer',
  request: { body: AutoRenewRequestSchema },
  response: AutoRenewResponseSchema,
  errors: ['RENTAL_NOT_FOUND'],
});

export const ipAuthEndpoint = defineEndpoint({
  operationId: 'setIpAuth',
  method: 'POST',
  path: '/api/proxy/ip-auth',
  tag: 'rentals',
  summary: 'IP authorization on a port of the rental',
  description: `Up to ${MAX_IP_AUTH_ADDRESSES} sources (IPv4/IPv6, CIDR up to /${MIN_IPV4_PREFIX} and /${MIN_IPV6_PREFIX}; IPv4-mapped ranges count as IPv4, and IPv6 ranges reaching IPv4-mapped, IPv4-compatible or NAT64 space are refused) may use the rental without a password on its own gateway port (SOCKS5 and HTTP); [] turns it off and frees the port.`,
  access: 'customer',
  request: { body: IpAuthRequestSchema },
  response: IpAuthResponseSchema,
  errors: ['RENTAL_NOT_FOUND', 'IP_AUTH_PORT_LIMIT_REACHED', 'IP_AUTH_UNAVAILABLE', 'IP_AUTH_PORTS_EXHAUSTED'],
});

export const usageEndpoint = defineEndpoint({
  operationId: 'getUsage',
  method: 'GET',
  path: '/api/proxy/usage',
  tag: 'rentals',
  summary: 'Hourly traffic of your rental',
  description: `Hourly gateway traffic of your rental of this proxy (at most the last ${RENTAL_USAGE_DAYS} days).`,
  access: 'customer',
  request: { query: UsageQuerySchema },
  response: UsageResponseSchema,
  errors: ['RENTAL_NOT_FOUND'],
});

export const exportEndpoint = defineEndpoint({
  operationId: 'exportProxies',
  method: 'GET',
  path: '/api/proxy/export',
  tag: 'rentals',
  summary: 'Your connected proxies as a file',
  description: 'A format (one proxy a line, csv or json) or a template with {placeholders}; sent as an attachment.',
  access: 'customer',
  request: { query: ExportChoiceSchema },
  response: z.string(),
  content: {
    'text/plain': z.string(),
    'text/csv': z.string(),
    'application/json': z.array(ExportJsonRecordSchema),
  },
  responseDescription: 'text/plain for line formats and templates, text/csv for csv, application/json for json',
});

export const exportLinksEndpoint = defineEndpoint({
  operationId: 'listExportLinks',
  method: 'GET',
  path: '/api/proxy/export-links',
  tag: 'rentals',
  summary: 'Your pull links (never their secret address)',
  access: 'customer',
  response: ExportLinksResponseSchema,
});

export const exportLinkCreateEndpoint = defineEndpoint({
  operationId: 'createExportLink',
  method: 'POST',
  path: '/api/proxy/export-links',
  tag: 'rentals',
  summary: 'A secret pull link',
  description: 'A secret URL answering your connected proxies as plain text, always current. Shown once.',
  access: 'customer',
  request: { body: ExportChoiceSchema },
  response: ExportLinkCreateResponseSchema,
});

export const exportLinkRevokeEndpoint = defineEndpoint({
  operationId: 'revokeExportLink',
  method: 'DELETE',
  path: '/api/proxy/export-links/:id',
  tag: 'rentals',
  summary: 'Revoke a pull link',
  access: 'customer',
  request: { params: ExportLinkIdParamsSchema },
  response: ExportLinkRevokeResponseSchema,
  errors: ['NOT_FOUND'],
});

export const pullEndpoint = defineEndpoint({
  operationId: 'pullProxies',
  method: 'GET',
  path: '/api/pull/:token',
  tag: 'rentals',
  summary: 'A pull link: your connected proxies as plain text',
  description: 'No header needed: the token in the path is the secret. 404 once revoked.',
  access: 'public',
  request: { params: PullTokenParamsSchema },
  response: z.string(),
  content: { 'text/plain': z.string() },
  errors: ['NOT_FOUND', 'RATE_LIMITED'],
});

export const sourcesEndpoint = defineEndpoint({
  operationId: 'listRentalSources',
  method: 'GET',
  path: '/api/proxy/sources',
  tag: 'rentals',
  summary: 'The client addresses your rental was used from',
  description:
    'Addresses (IPv6 counted by /64) that used the rental within the window. Each may go on with any number of connections; a new address past `limit` is refused by the gateway until the list is cleared or an address has been unused for the window.',
  access: 'customer',
  request: { query: RentalSourcesQuerySchema },
  response: RentalSourcesResponseSchema,
  errors: ['RENTAL_NOT_FOUND'],
});

export const clearSourcesEndpoint = defineEndpoint({
  operationId: 'clearRentalSources',
  method: 'POST',
  path: '/api/proxy/sources/clear',
  tag: 'rentals',
  summary: 'Clear the client addresses of your rental',
  description:
    'Empties the list, so new addresses may use the rental; connections from the addresses removed are closed within a second.',
  access: 'customer',
  request: { body: ClearSourcesRequestSchema },
  response: ClearSourcesResponseSchema,
  errors: ['RENTAL_NOT_FOUND'],
});
