import { defineEndpoint } from '../api/endpoint';
import { ANY_ROLE, MONEY_ROLES } from './roles';
import {
  AdminOverviewResponseSchema,
  AuditListResponseSchema,
  AuditQuerySchema,
  CustomerDetailResponseSchema,
  CustomerIdParamsSchema,
  CustomerSearchQuerySchema,
  CustomerSearchResponseSchema,
  GiftcardIdParamsSchema,
  GiftcardListResponseSchema,
  GiftcardRevealResponseSchema,
} from './console-schemas';
import { InventoryListResponseSchema } from '../inventory/schemas';
import {
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  AdminLogoutResponseSchema,
  AdminVerifyRequestSchema,
  AdminVerifyResponseSchema,
  BalanceAdjustRequestSchema,
  BalanceAdjustResponseSchema,
  ProxyDisableRequestSchema,
  ProxyDisableResponseSchema,
  ProxyEnabledResponseSchema,
  ProxyIdParamsSchema,
  ProxyImportQuerySchema,
  ProxyImportRequestSchema,
  ProxyImportResponseSchema,
} from './schemas';
import { GiftcardCreateRequestSchema, GiftcardCreateResponseSchema } from '../payments/schemas';

/** Inventory files can be large: 20,000 CSV rows fit in this. */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const adminLoginEndpoint = defineEndpoint({
  operationId: 'adminLogin',
  method: 'POST',
  path: '/api/admin/login',
  tag: 'admin',
  summary: 'An admin token for the secret code',
  description:
    "The owner's ADMIN_SECRET or an operator's own secret code; with `totp` (a code from the authenticator app, or a recovery code) once the operator set one up.",
  access: 'public',
  request: { body: AdminLoginRequestSchema },
  response: AdminLoginResponseSchema,
  errors: ['INVALID_SECRET_CODE', 'TOTP_REQUIRED', 'TOTP_INVALID', 'OPERATOR_LOCKED', 'ADMIN_RATE_LIMITED'],
});

export const adminVerifyEndpoint = defineEndpoint({
  operationId: 'adminVerify',
  method: 'POST',
  path: '/api/admin/verify',
  tag: 'admin',
  summary: 'Is an admin token still valid',
  access: 'public',
  request: { body: AdminVerifyRequestSchema },
  response: AdminVerifyResponseSchema,
  errors: ['ADMIN_TOKEN_INVALID'],
});

export const adminLogoutEndpoint = defineEndpoint({
  operationId: 'adminLogout',
  method: 'POST',
  path: '/api/admin/logout',
  tag: 'admin',
  summary: 'End the admin token on the server',
  description: 'Any copy of the token stops working.',
  access: 'admin',
  roles: ANY_ROLE,
  beforeTotp: true,
  response: AdminLogoutResponseSchema,
});

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

export const adjustBalanceEndpoint = defineEndpoint({
  operationId: 'adjustBalance',
  method: 'POST',
  path: '/api/admin/customers/adjust',
  tag: 'admin',
  summary: "Change a customer's balance",
  description: 'By customer id or referral key, with a reason (a ledger row); never below zero.',
  access: 'admin',
  roles: ['finance'],
  request: { body: BalanceAdjustRequestSchema },
  response: BalanceAdjustResponseSchema,
  errors: ['USER_NOT_FOUND', 'BALANCE_WOULD_BE_NEGATIVE'],
});

export const createGiftcardsEndpoint = defineEndpoint({
  operationId: 'createGiftcards',
  method: 'POST',
  path: '/api/admin/giftcards',
  tag: 'admin',
  summary: 'Create gift card codes',
  description:
    '`count` codes (XXXX-XXXX-XXXX-XXXX, 80 random bits) worth `amount` dollars each. This answer is the only one with the codes in full.',
  access: 'admin',
  roles: MONEY_ROLES,
  request: { body: GiftcardCreateRequestSchema },
  response: GiftcardCreateResponseSchema,
});

export const listGiftcardsEndpoint = defineEndpoint({
  operationId: 'listGiftcards',
  method: 'GET',
  path: '/api/admin/giftcards',
  tag: 'admin',
  summary: 'Gift cards, used and unused',
  description: 'Codes masked to their last four characters, for every role.',
  access: 'admin',
  roles: ['manager', 'finance'],
  response: GiftcardListResponseSchema,
});

export const revealGiftcardEndpoint = defineEndpoint({
  operationId: 'revealGiftcard',
  method: 'POST',
  path: '/api/admin/giftcards/:id/reveal',
  tag: 'admin',
  summary: 'Show a gift card code in full again',
  description: 'A money role only; each reveal is in the audit log.',
  access: 'admin',
  roles: MONEY_ROLES,
  request: { params: GiftcardIdParamsSchema },
  response: GiftcardRevealResponseSchema,
  errors: ['GIFTCARD_NOT_FOUND'],
});

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

export const overviewEndpoint = defineEndpoint({
  operationId: 'getOverview',
  method: 'GET',
  path: '/api/admin/overview',
  tag: 'console',
  summary: 'The shop at a glance',
  description:
    'Customers, total balances, 30 days of money by day (UTC), rentals by status, inventory states, pending payments.',
  access: 'admin',
  roles: ['manager', 'finance'],
  response: AdminOverviewResponseSchema,
});

export const searchCustomersEndpoint = defineEndpoint({
  operationId: 'searchCustomers',
  method: 'GET',
  path: '/api/admin/customers',
  tag: 'console',
  summary: 'Find customers',
  description: 'By id or any part of the referral key (any case), newest first; at most 50. Without q, the newest.',
  access: 'admin',
  roles: ['manager', 'finance', 'support'],
  request: { query: CustomerSearchQuerySchema },
  response: CustomerSearchResponseSchema,
});

export const customerEndpoint = defineEndpoint({
  operationId: 'getCustomer',
  method: 'GET',
  path: '/api/admin/customers/:id',
  tag: 'console',
  summary: 'One customer in full',
  description: 'Balance, ledger rows, rentals and payments (newest first, 500 of each at most).',
  access: 'admin',
  roles: ['manager', 'finance', 'support'],
  request: { params: CustomerIdParamsSchema },
  response: CustomerDetailResponseSchema,
  errors: ['USER_NOT_FOUND'],
});

export * from './operator-endpoints';
