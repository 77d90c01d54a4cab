import { clearSourcesEndpoint, sourcesEndpoint, wholeHours } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import type { ControlsDeps } from './proxy-controls';
import { findLatestRental } from './rentals-repository';
import { clearSources, liveSources } from './sources-repository';

export interface SourcesRoutesOptions extends ControlsDeps {
  /** RENTAL_MAX_SOURCE_IPS and RENTAL_SOURCE_WINDOW_HOURS, as the gateway applies them. */
  gateway: { rentalMaxSourceIps: number; sourceWindowMs: number };
}

/**
 * The many-addresses rule from the customer's side: the addresses their rental was used from,
 * and clearing them (which ends the connections of the addresses removed, on every gateway).
 */
export const sourcesRoutes: FastifyPluginAsyncZod<SourcesRoutesOptions> = async (app, options) => {
  const { gateway, ...deps } = options;
  const route = endpointRoutes(app, { customer: requireCustomer(deps) });

  const rentalOf = async (userId: number, proxyId: number) => {
    const latest = await findLatestRental(deps.db, userId, proxyId);
    if (!latest) throw new DomainError('RENTAL_NOT_FOUND');
    return latest;
  };

  route(sourcesEndpoint, async (request) => {
    const { rental, proxy } = await rentalOf(customerOf(request).id, request.query.proxy_id);
    const since = new Date(deps.clock.now().getTime() - gateway.sourceWindowMs);
    const rows = await liveSources(deps.db, rental.id, since);
    return {
      success: true as const,
      sources: rows.map((row) => ({
        address: row.source,
        first_seen: row.firstSeen.toISOString(),
        last_seen: row.lastSeen.toISOString(),
      })),
      limit: proxy.maxSourceIps ?? gateway.rentalMaxSourceIps,
      window_hours: wholeHours(gateway.sourceWindowMs),
    };
  });

  route(clearSourcesEndpoint, async (request) => {
    const { rental } = await rentalOf(customerOf(request).id, request.body.proxy_id);
    const cleared = await deps.db.transaction((tx) => clearSources(tx, rental.id, deps.clock.now()));
    return { success: true as const, cleared };
  });
};
