import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import type { Redis } from 'ioredis';
import { SharedFailureCount } from '../lib/shared-failure-count';
import { refusals } from '../metrics/metrics';
import { apiKeyFromHeader } from './customer-auth';

/** this many unknown API keys from one address in a minute close it for the rest of it. */
export const FAILED_API_KEYS_PER_MINUTE = 30;

/**
 * Guessing API keys costs the guesser: every INVALID_API_KEY answer counts against the caller's
 * address, and once it has too many, calls carrying a key get 429 before any key is looked up,
 * a right key included. Calls without a key (sign-up, the catalogue) are not affected.
 */
export function installApiKeyThrottle(app: FastifyInstance, clock: Clock, redis: Redis | null = null): void {
  const throttle = new SharedFailureCount({
    maxFailures: FAILED_API_KEYS_PER_MINUTE,
    windowMs: 60_000,
    clock,
    redis,
    name: 'api-key',
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!apiKeyFromHeader(request)) return done();
    const answer = (waitMs: number) => {
      if (waitMs <= 0) return done();
      refusals.inc({ limit: 'api_key_throttle' });
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      done(new DomainError('API_KEY_RATE_LIMITED'));
    };
    const waitMs = throttle.blockedForMs(request.ip);
    if (typeof waitMs === 'number') answer(waitMs);
    else waitMs.then(answer, done);
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof DomainError && error.code === 'INVALID_API_KEY') await throttle.recordFailure(request.ip);
  });
}
