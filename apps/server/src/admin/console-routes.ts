import {
  API_PATHS,
  AdminOverviewResponseSchema,
  CustomerDetailResponseSchema,
  CustomerIdParamsSchema,
  CustomerSearchQuerySchema,
  CustomerSearchResponseSchema,
  ErrorEnvelopeSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, type AdminAuthDeps } from './admin-auth';
import { customerDetail, overview, searchCustomers } from './console-queries';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** What the operator console reads (issue 8): the shop at a glance, and one customer in full. */
export const consoleRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const admin = requireAdmin(deps);

  app.get(
    API_PATHS.adminOverview,
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        description:
          'Customers, total balances, 30 days of money by day (UTC), rentals by status, inventory states, pending payments.',
        response: { 200: AdminOverviewResponseSchema, ...errors },
      },
    },
    async () => ({ success: true as const, ...(await overview(deps.db, deps.clock.now())) }),
  );

  app.get(
    API_PATHS.adminCustomers,
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        description: 'Customers by id or (part of) referral key, newest first; at most 50.',
        querystring: CustomerSearchQuerySchema,
        response: { 200: CustomerSearchResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, customers: await searchCustomers(deps.db, request.query.q) }),
  );

  app.get(
    '/api/admin/customers/:id',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        description: 'One customer: balance, ledger rows, rentals and payments (newest first, 500 of each at most).',
        params: CustomerIdParamsSchema,
        response: { 200: CustomerDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, ...(await customerDetail(deps.db, request.params.id)) }),
  );
};
