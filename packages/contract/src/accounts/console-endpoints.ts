import { defineEndpoint } from '../api/endpoint';
import {
  BalanceAdjustRequestSchema,
  BalanceAdjustResponseSchema,
  CustomerDetailResponseSchema,
  CustomerIdParamsSchema,
  CustomerSearchQuerySchema,
  CustomerSearchResponseSchema,
  CUSTOMER_DETAIL_ROWS,
  CUSTOMER_SEARCH_LIMIT,
} from './console-schemas';

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

export const searchCustomersEndpoint = defineEndpoint({
  operationId: 'searchCustomers',
  method: 'GET',
  path: '/api/admin/customers',
  tag: 'console',
  summary: 'Find customers',
  description: `By id or any part of the referral key (any case), newest first; at most ${CUSTOMER_SEARCH_LIMIT}. Without q, the newest.`,
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
  description: `Balance, ledger rows, rentals and payments (newest first, ${CUSTOMER_DETAIL_ROWS} of each at most).`,
  access: 'admin',
  roles: ['manager', 'finance', 'support'],
  request: { params: CustomerIdParamsSchema },
  response: CustomerDetailResponseSchema,
  errors: ['USER_NOT_FOUND'],
});
