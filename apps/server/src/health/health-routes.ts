import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping, type Database } from '../db/client';
import { loggableError } from '../lib/loggable-error';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** For load balancers: 200 only while the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      try {
        await ping(db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
