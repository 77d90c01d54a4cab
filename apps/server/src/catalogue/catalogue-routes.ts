import {
  API_PATHS,
  ErrorEnvelopeSchema,
  NOT_ENOUGH_MESSAGE,
  NOT_ENOUGH_STATUS,
  ProxyListNotEnoughSchema,
  ProxyListResponseSchema,
  SumidResponseSchema,
  type ProxyListResponse,
} from '@portal/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsDeps } from '../accounts/accounts-service';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import type { CatalogueCache } from './catalogue-cache';
import { currentSumid } from './catalogue-state';

export interface CatalogueRoutesOptions extends AccountsDeps {
  cache: CatalogueCache;
}

const errors = { 401: ErrorEnvelopeSchema };

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, options) => {
  const { cache, ...deps } = options;
  const customer = requireCustomer(deps);

  app.get(
    API_PATHS.proxyList,
    {
      preHandler: customer,
      schema: {
        tags: ['catalogue'],
        description: 'Free proxies; a wallet at or below zero answers status "not enough" (spec section 8).',
        response: { 200: ProxyListResponseSchema.or(ProxyListNotEnoughSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (customerOf(request).balanceCents <= 0) {
        return { success: false as const, status: NOT_ENOUGH_STATUS, message: NOT_ENOUGH_MESSAGE };
      }
      const snapshot = await cache.get();
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      // A Buffer goes out as it is: the snapshot was built from typed rows and serialized once.
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding')
        .header('x-sumid', snapshot.sumid);
      if (gzip) reply.header('content-encoding', 'gzip');
      // Fastify sends a Buffer as it is, without the serializer; the type only names what it holds.
      return reply.send((gzip ? snapshot.gzip : snapshot.json) as unknown as ProxyListResponse);
    },
  );

  app.get(
    API_PATHS.proxySumid,
    {
      preHandler: customer,
      schema: { tags: ['catalogue'], response: { 200: SumidResponseSchema, 304: z.null(), ...errors } },
    },
    async (request, reply) => {
      const sumid = await currentSumid(deps.db);
      const etag = `"${sumid}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return { success: true as const, sumid };
    },
  );
};
