import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../lib/loggable-error';

/**
 * Runs `round` now and then every interval, one round at a time (a slow round makes the next
 * wait). Errors are logged, never thrown. The returned function stops it and waits for the
 * round under way.
 */
export function repeatEvery(
  name: string,
  intervalMs: number,
  round: () => Promise<Record<string, number>>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .then((result) => {
        if (Object.values(result).some((n) => n > 0)) log.info(result, name);
      })
      .catch((error: unknown) => log.error({ err: loggableError(error) }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
