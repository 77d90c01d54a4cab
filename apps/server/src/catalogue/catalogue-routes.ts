import {
  NOT_ENOUGH_MESSAGE,
  NOT_ENOUGH_STATUS,
  proxyListEndpoint,
  storefrontFactsEndpoint,
  stockEndpoint,
  sumidEndpoint,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsDeps } from '../accounts/accounts-service';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { etagMatches, sendNotModified, sendSnapshot } from '../plugins/snapshot-reply';
import type { StorefrontFactsSource } from '../storefront/storefront-facts';
import type { CatalogueCache } from './catalogue-cache';

export interface CatalogueRoutesOptions extends AccountsDeps {
  cache: CatalogueCache;
  facts: StorefrontFactsSource;
}

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, options) => {
  const { cache, facts, ...deps } = options;
  const route = endpointRoutes(app, { customer: requireCustomer(deps) });

  route(proxyListEndpoint, async (request, reply) => {
    if (customerOf(request).balanceCents <= 0) {
      return { success: false as const, status: NOT_ENOUGH_STATUS, message: NOT_ENOUGH_MESSAGE };
    }
    const snapshot = await cache.get();
    reply.header('x-sumid', snapshot.sumid);
    return sendSnapshot(request, reply, snapshot, 'private, no-cache');
  });

  // Public: visitors and empty wallets see what is for sale; the addresses stay behind the list call.
  route(stockEndpoint, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { success: true as const, stock: (await cache.get()).stock };
  });

  route(sumidEndpoint, async (request, reply) => {
    const sumid = await cache.sumid();
    const etag = `"${sumid}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (etagMatches(request.headers['if-none-match'], etag)) return sendNotModified(reply);
    return { success: true as const, sumid };
  });

  // Kept in memory up to a minute (storefront-facts.ts): answering costs no query.
  route(storefrontFactsEndpoint, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return facts.get();
  });
};
