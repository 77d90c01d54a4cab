import { defineEndpoint } from '../api/endpoint';
import { ANY_ROLE } from './roles';
import { AdminOverviewResponseSchema, REVENUE_DAYS } from './console-schemas';
import {
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  AdminLogoutResponseSchema,
  AdminVerifyRequestSchema,
  AdminVerifyResponseSchema,
} from './schemas';

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

export const overviewEndpoint = defineEndpoint({
  operationId: 'getOverview',
  method: 'GET',
  path: '/api/admin/overview',
  tag: 'console',
  summary: 'The shop at a glance',
  description: `Customers, total balances, ${REVENUE_DAYS} days of money by day (UTC), rentals by status, inventory states, pending payments.`,
  access: 'admin',
  roles: ['manager', 'finance'],
  response: AdminOverviewResponseSchema,
});

export * from './operator-endpoints';
