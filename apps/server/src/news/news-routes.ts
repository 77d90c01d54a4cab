import {
  API_PATHS,
  ErrorEnvelopeSchema,
  NewsAddRequestSchema,
  NewsAddResponseSchema,
  NewsDeleteResponseSchema,
  NewsIdParamsSchema,
  NewsListResponseSchema,
  type NewsItem,
} from '@portal/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, adminActorOf, type AdminAuthDeps } from '../admin/admin-auth';
import { recordAudit } from '../admin/audit';
import { news } from '../db/schema';
import { DomainError } from '../errors';

const toItem = (row: typeof news.$inferSelect): NewsItem => ({
  _id: String(row.id),
  title: row.title,
  content: row.content,
  date: row.date,
  important: row.important,
});

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** The public news feed and the admin's editor calls (spec section 7). */
export const newsRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const admin = requireAdmin(deps);

  app.get(API_PATHS.news, { schema: { tags: ['news'], response: { 200: NewsListResponseSchema } } }, async () => {
    const rows = await deps.db.select().from(news).orderBy(desc(news.date), desc(news.id));
    return { success: true as const, news: rows.map(toItem) };
  });

  app.post(
    API_PATHS.adminNewsAdd,
    {
      preHandler: admin,
      schema: { tags: ['news'], body: NewsAddRequestSchema, response: { 200: NewsAddResponseSchema, ...errors } },
    },
    async (request) => {
      // Stored as sent: the browser shows it as text, so markup is displayed, never run.
      const [row] = await deps.db
        .insert(news)
        .values({ ...request.body, createdAt: deps.clock.now() })
        .returning();
      if (!row) throw new Error('insert into news returned no row');
      await recordAudit(deps.db, {
        actor: adminActorOf(request),
        action: 'news.add',
        details: { id: row.id, title: row.title, important: row.important },
        at: deps.clock.now(),
      });
      return { success: true as const, news: toItem(row) };
    },
  );

  app.delete(
    '/api/admin/news/:id',
    {
      preHandler: admin,
      schema: { tags: ['news'], params: NewsIdParamsSchema, response: { 200: NewsDeleteResponseSchema, ...errors } },
    },
    async (request) => {
      const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : null;
      const [row] = id === null ? [] : await deps.db.delete(news).where(eq(news.id, id)).returning();
      if (!row) throw new DomainError('NOT_FOUND', { message: 'News item not found' });
      await recordAudit(deps.db, {
        actor: adminActorOf(request),
        action: 'news.delete',
        details: { id: row.id, title: row.title },
        at: deps.clock.now(),
      });
      return { success: true as const };
    },
  );
};
