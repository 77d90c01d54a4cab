import { customerEndpoint, overviewEndpoint, searchCustomersEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { requireAdmin, type AdminAuthDeps } from './admin-auth';
import { customerDetail, overview, searchCustomers } from './console-queries';

/** What the operator console reads: the shop at a glance, and one customer in full. */
export const consoleRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(overviewEndpoint, async () => ({ success: true as const, ...(await overview(deps.db, deps.clock.now())) }));

  route(searchCustomersEndpoint, async (request) => ({
    success: true as const,
    customers: await searchCustomers(deps.db, request.query.q),
  }));

  route(customerEndpoint, async (request) => ({
    success: true as const,
    ...(await customerDetail(deps.db, request.params.id)),
  }));
};
