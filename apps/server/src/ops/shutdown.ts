import process from 'node:process';
import type { Readiness } from '../health/readiness';

export interface ShutdownOptions {
  readiness: Readiness;
  /** GATEWAY_DRAIN_SECONDS and SHUTDOWN_DELAY_SECONDS in ms: used on SIGTERM only. */
  drainMs: number;
  delayMs: number;
  log: (details: Record<string, unknown>) => void;
  /** Closes everything; open tunnels may run on for `drainMs`. */
  close: (drainMs: number) => Promise<void>;
}

/**
 * SIGINT and SIGTERM stop the process once, whichever comes and however often (Ctrl-C reaches a
 * process from the terminal and again through npm). SIGTERM (an orchestrator's restart) keeps
 * serving with /readyz at 503 for `delayMs`, since a balancer learns of the 503 only at its next
 * check, then lets tunnels drain; Ctrl-C is a person who wants it stopped now. A process stopped
 * while still starting skips the delay: no balancer has sent it traffic. A stop that takes too
 * long exits anyway.
 */
export function stopOnSignals(options: ShutdownOptions): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const wasReady = options.readiness.state === 'ready';
    options.readiness.stopping();
    const drainMs = signal === 'SIGTERM' ? options.drainMs : 0;
    const delayMs = signal === 'SIGTERM' && wasReady ? options.delayMs : 0;
    options.log({ signal, drainMs, delayMs });
    const limitMs = delayMs + drainMs + 10_000;
    const force = setTimeout(() => {
      console.error(`shutdown took longer than ${limitMs / 1000} s: exiting`);
      process.exit(1);
    }, limitMs);
    force.unref();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await options.close(drainMs);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
