import { createGiftcardsEndpoint, listGiftcardsEndpoint, revealGiftcardEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf, requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { createGiftcardBatch, listGiftcards, revealGiftcard } from './giftcards-service';

/** The operator's gift cards: new codes, the list (codes masked), a code in full again. */
export const giftcardsRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(createGiftcardsEndpoint, async (request) => ({
    success: true as const,
    codes: await createGiftcardBatch(deps, adminActorOf(request), request.body),
  }));

  route(listGiftcardsEndpoint, async () => ({ success: true as const, giftcards: await listGiftcards(deps.db) }));

  route(revealGiftcardEndpoint, async (request) => ({
    success: true as const,
    id: request.params.id,
    code: await revealGiftcard(deps, adminActorOf(request), request.params.id),
  }));
};
