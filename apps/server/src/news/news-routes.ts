import {
  API_PATHS,
  ErrorEnvelopeSchema,
  NewsAddRequestSchema,
  NewsAddResponseSchema,
  NewsDeleteResponseSchema,
  NewsIdParamsSchema,
  NewsListResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, adminActorOf, type AdminAuthDeps } from '../admin/admin-auth';
import { recordAudit } from '../admin/audit';
import { DomainError } from '../errors';
import { addNews, deleteNews, listNews } from './news-repository';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** The public news feed and the admin's editor calls (spec section 7). */
export const newsRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const admin = requireAdmin(deps);

  app.get(API_PATHS.news, { schema: { tags: ['news'], response: { 200: NewsListResponseSchema } } }, async () => {
    return { success: true as const, news: await listNews(deps.db) };
  });

  app.post(
    API_PATHS.adminNewsAdd,
    {
      preHandler: admin,
      schema: { tags: ['news'], body: NewsAddRequestSchema, response: { 200: NewsAddResponseSchema, ...errors } },
    },
    async (request) => {
      const item = await addNews(deps.db, request.body, deps.clock.now());
      await recordAudit(deps.db, {
        actor: adminActorOf(request),
        action: 'news.add',
        details: { id: Number(item._id), title: item.title, important: item.important },
        at: deps.clock.now(),
      });
      return { success: true as const, news: item };
    },
  );

  app.delete(
    '/api/admin/news/:id',
    {
      preHandler: admin,
      schema: { tags: ['news'], params: NewsIdParamsSchema, response: { 200: NewsDeleteResponseSchema, ...errors } },
    },
    async (request) => {
      const item = await deleteNews(deps.db, request.params.id);
      if (!item) throw new DomainError('NOT_FOUND', { message: 'News item not found' });
      await recordAudit(deps.db, {
        actor: adminActorOf(request),
        action: 'news.delete',
        details: { id: Number(item._id), title: item.title },
        at: deps.clock.now(),
      });
      return { success: true as const };
    },
  );
};
