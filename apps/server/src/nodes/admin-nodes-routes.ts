import { createNodeEndpoint, listNodesEndpoint, revokeNodeEndpoint, setProxyNodeEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverVersion } from '../lib/server-version';
import { adminActorOf, requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { createNodeBy, listNodes, revokeNodeBy, setProxyNodeBy } from './admin-nodes-service';

/** The operators' side of gateway nodes: add, list, revoke, and which node serves a proxy. */
export const adminNodesRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(listNodesEndpoint, async () => ({
    success: true as const,
    nodes: await listNodes(deps),
    shopVersion: serverVersion(),
  }));

  route(createNodeEndpoint, async (request) => ({
    success: true as const,
    ...(await createNodeBy(deps, adminActorOf(request), request.body)),
  }));

  route(revokeNodeEndpoint, async (request) => {
    const at = await revokeNodeBy(deps, adminActorOf(request), request.params.id);
    return { success: true as const, id: request.params.id, revokedAt: at.toISOString() };
  });

  route(setProxyNodeEndpoint, async (request) => {
    await setProxyNodeBy(deps, adminActorOf(request), request.params.id, request.body.nodeId);
    return { success: true as const, id: request.params.id, nodeId: request.body.nodeId };
  });
};
