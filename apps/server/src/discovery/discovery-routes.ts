import { checkProxiesEndpoint, discoveryStatusEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf, requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { checkProxiesBy } from './check-proxies';
import type { DiscoveryDeps } from './discovery-service';
import { ipqsUsed, monthOf } from './ipqs';

/** The operator's side of discovery: Check now, and this month's IPQS budget. */
export const discoveryRoutes: FastifyPluginAsyncZod<AdminAuthDeps & { discovery: DiscoveryDeps }> = async (
  app,
  deps,
) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(checkProxiesEndpoint, async (request) => ({
    success: true as const,
    results: await checkProxiesBy(deps.discovery, adminActorOf(request), request.body),
  }));

  route(discoveryStatusEndpoint, async () => {
    const now = deps.clock.now();
    const ipqs = deps.discovery.config.ipqs;
    return {
      success: true as const,
      ipqs: {
        configured: ipqs !== null,
        used: await ipqsUsed(deps.db, now),
        limit: ipqs?.monthlyLimit ?? 0,
        month: monthOf(now),
      },
    };
  });
};
