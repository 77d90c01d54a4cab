import { overviewEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { overview } from './console-overview-service';

/** The console's overview: the shop at a glance, read across every area. */
export const consoleRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(overviewEndpoint, async () => ({ success: true as const, ...(await overview(deps.db, deps.clock.now())) }));
};
