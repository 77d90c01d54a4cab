import {
  DiscoveryStatusResponseSchema,
  ErrorEnvelopeSchema,
  ProxyCheckRequestSchema,
  ProxyCheckResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, type AdminAuthDeps } from '../admin/admin-auth';
import { adminActorOf } from '../admin/admin-auth';
import { recordAudit } from '../admin/audit';
import { checkNow, type DiscoveryDeps } from './discovery-service';
import { ipqsUsed, monthOf } from './ipqs';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema };

/** The operator's side of discovery (issue 15): Check now, and this month's IPQS budget. */
export const discoveryRoutes: FastifyPluginAsyncZod<AdminAuthDeps & { discovery: DiscoveryDeps }> = async (
  app,
  deps,
) => {
  const admin = requireAdmin(deps);

  app.post(
    '/api/admin/proxies/check',
    {
      preHandler: admin,
      schema: {
        tags: ['admin'],
        description:
          'Checks the given proxies (all when ids is left out) through their upstreams now: health, exit IP, and discovery of what is missing.',
        body: ProxyCheckRequestSchema,
        response: { 200: ProxyCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const results = await checkNow(deps.discovery, request.body.ids);
      await recordAudit(deps.db, {
        actor: adminActorOf(request),
        action: 'proxies.check',
        details: { ids: request.body.ids ?? 'all', checked: results.length },
        at: deps.clock.now(),
      });
      return { success: true as const, results };
    },
  );

  app.get(
    '/api/admin/discovery',
    {
      preHandler: admin,
      schema: { tags: ['admin'], response: { 200: DiscoveryStatusResponseSchema, ...errors } },
    },
    async () => {
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
    },
  );
};
