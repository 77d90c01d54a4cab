import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsApplied, ping, type Database } from '../db/client';
import { loggableError } from '../lib/loggable-error';
import type { Readiness } from './readiness';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
const ReadySchema = z.object({ status: z.enum(['ready', 'starting', 'stopping', 'unavailable', 'migrating']) });

/**
 * For load balancers and orchestrators. `/healthz` (liveness): 200 while the database answers.
 * `/readyz` (readiness): 200 only when this process is fully started, not stopping, the database
 * answers and every migration of this build is applied.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; readiness: Readiness }> = async (
  app,
  { db, readiness },
) => {
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

  // Once seen applied, migrations stay applied for this process's life: one query fewer per probe.
  let migrated = false;
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ReadySchema, 503: ReadySchema } } },
    async (request, reply) => {
      const state = readiness.state;
      if (state !== 'ready') return reply.code(503).send({ status: state });
      try {
        await ping(db);
        migrated ||= await migrationsApplied(db);
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'readiness check: database unavailable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
      if (!migrated) return reply.code(503).send({ status: 'migrating' as const });
      return { status: 'ready' as const };
    },
  );
};
