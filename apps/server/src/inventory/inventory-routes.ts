import { setProxyMaxConnectionsEndpoint, setProxyMaxSourceIpsEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf, requireAdmin, type AdminAuthDeps } from '../admin/admin-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { setProxyLimitBy } from './inventory-service';

/** The operator's per-proxy limits: a cap on one rental's connections, and on its client addresses. */
export const inventoryRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(setProxyMaxConnectionsEndpoint, async (request) => {
    const { id } = request.params;
    const { maxConnections } = request.body;
    await setProxyLimitBy(deps, adminActorOf(request), id, 'maxConnections', maxConnections);
    return { success: true as const, id, maxConnections };
  });

  route(setProxyMaxSourceIpsEndpoint, async (request) => {
    const { id } = request.params;
    const { maxSourceIps } = request.body;
    await setProxyLimitBy(deps, adminActorOf(request), id, 'maxSourceIps', maxSourceIps);
    return { success: true as const, id, maxSourceIps };
  });
};
