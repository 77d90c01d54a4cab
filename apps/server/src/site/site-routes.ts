import { siteInfoEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoutes } from '../plugins/endpoint-routes';

export interface SiteRoutesOptions {
  /** SUPPORT_CONTACT */
  supportContact: string;
}

/** The settings the web app shows that the operator sets at run time, not at build time. */
export const siteRoutes: FastifyPluginAsyncZod<SiteRoutesOptions> = async (app, options) => {
  const route = endpointRoutes(app, {});
  route(siteInfoEndpoint, async (_request, reply) => {
    // A minute in caches: a changed address shows soon after a restart, without a request per page view.
    void reply.header('cache-control', 'public, max-age=60');
    return { success: true as const, supportContact: options.supportContact };
  });
};
