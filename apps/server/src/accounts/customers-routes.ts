import { adjustBalanceEndpoint, centsToDollars, customerEndpoint, searchCustomersEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf, requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { adjustCustomerBalance, searchCustomers } from './accounts-service';
import { customerDetail } from './customer-detail';

/** The operator's calls about customers: find them, one in full, a manual balance change. */
export const customersRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(searchCustomersEndpoint, async (request) => ({
    success: true as const,
    customers: await searchCustomers(deps.db, request.query.q),
  }));

  route(customerEndpoint, async (request) => ({
    success: true as const,
    ...(await customerDetail(deps.db, request.params.id)),
  }));

  route(adjustBalanceEndpoint, async (request) => {
    const { customerId, balanceCents } = await adjustCustomerBalance(deps, adminActorOf(request), request.body);
    return { success: true as const, customerId, wallet: centsToDollars(balanceCents) };
  });
};
