import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../lib/loggable-error';
import { jobFailures, jobRuns } from '../metrics/metrics';

/**
 * Runs `round` now and then every interval, one round at a time (a slow round makes the next
 * wait). Errors are logged, never thrown, and counted in /metrics. The returned function stops
 * it: `signal` tells the round under way to end after its current transaction, and the function
 * waits for that.
 */
export function repeatEvery(
  name: string,
  intervalMs: number,
  round: (signal: AbortSignal) => Promise<Record<string, number>>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    jobRuns.inc({ job: name });
    running = round(stopping.signal)
      .then((result) => {
        if (Object.values(result).some((n) => n > 0)) log.info(result, name);
      })
      .catch((error: unknown) => {
        jobFailures.inc({ job: name });
        log.error({ err: loggableError(error) }, `${name} failed`);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}
