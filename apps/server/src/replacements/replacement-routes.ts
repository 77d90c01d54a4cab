import { replaceCandidateEndpoint, replaceEndpoint, replacementsEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsDeps } from '../accounts/accounts-service';
import { requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { latestProxyLine, type GatewayAddress } from '../rentals/rentals-service';
import { listReplacements, replaceRental, replacementCandidate, type ReplaceDeps } from './replacement-service';

export interface ReplacementRoutesOptions extends ReplaceDeps, AccountsDeps, AdminAuthDeps {
  gateway: GatewayAddress;
  /** Where a notice of each replacement is queued (Telegram, e-mail). */
}

/** Both calls may dial the rental's upstream for a live check: 30 a minute per address is plenty for a person. */
const LIVE_CHECK_LIMIT = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

/** A customer's replacement of a failing proxy, and the operator's list of every replacement. */
export const replacementRoutes: FastifyPluginAsyncZod<ReplacementRoutesOptions> = async (app, options) => {
  const { gateway, ...deps } = options;
  const route = endpointRoutes(app, { customer: requireCustomer(deps), admin: requireAdmin(deps) });

  route(
    replaceCandidateEndpoint,
    async (request) => {
      const proxyId = request.query.proxy_id;
      const { candidate, remainingToday } = await replacementCandidate(deps, customerOf(request).id, proxyId);
      return { success: true as const, proxy_id: proxyId, candidate, remaining_today: remainingToday };
    },
    LIVE_CHECK_LIMIT,
  );

  route(
    replaceEndpoint,
    async (request) => {
      const userId = customerOf(request).id;
      const { proxy_id: proxyId, reason } = request.body;
      const replaced = await replaceRental(deps, { target: { userId, proxyId }, reason: reason ?? null });
      // A customer's request either replaces or throws; null is only a job's "no longer due".
      if (!replaced) throw new Error('a customer replacement answered nothing');
      return {
        success: true as const,
        rental_id: replaced.rentalId,
        old_proxy_id: replaced.oldProxyId,
        proxy_id: replaced.proxyId,
        exit_ip: replaced.exitIp,
        country: replaced.country,
        proxy: await latestProxyLine(deps.db, userId, replaced.proxyId, gateway),
      };
    },
    LIVE_CHECK_LIMIT,
  );

  route(replacementsEndpoint, async () => ({
    success: true as const,
    replacements: await listReplacements(deps.db, deps.autoPerDay),
  }));
};
