import { ALERT_KINDS, type AlertKind } from '@portal/contract';
import type { Clock } from '../clock';
import { loggableError } from '../lib/loggable-error';
import { processCounter, processGauge } from '../metrics/metrics';

/** 1 while an alert of the kind is under way in this process, else 0. */
export const alertActive = processGauge(
  'proxyport_alert_active',
  'Operator alerts under way: a gateway or the database gone, low stock, the IPQS budget used up, a failed backup, a failing payment provider',
  { name: 'kind', known: ALERT_KINDS },
);

/** Episodes, not ticks: one per raise after the alert was clear. */
export const alertsRaised = processCounter('proxyport_alerts_total', 'Operator alert episodes raised since start', {
  name: 'kind',
  known: ALERT_KINDS,
});

/** What is said about an alert: figures and names, never a secret or a customer's data. */
export type AlertDetails = Record<string, string | number | boolean | null>;

export interface AlertEvent {
  kind: AlertKind;
  state: 'raised' | 'cleared';
  details: AlertDetails;
  at: Date;
}

/** The two log levels an alert uses; pino's and Fastify's loggers both fit. */
export interface AlertLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** Until a process has its logger: JSON lines on stderr, as pino would write them. */
export const consoleAlertLog: AlertLog = {
  warn: (object, message) => console.error(JSON.stringify({ level: 'warn', ...object, msg: message })),
  info: (object, message) => console.error(JSON.stringify({ level: 'info', ...object, msg: message })),
};

/**
 * Kinds whose condition every process reads from the shared database (free stock, the month's
 * IPQS count, gateway heartbeats, the last scheduled backup), so any process may say one is over.
 * Not `database_down` nor `payment_provider`: each process sees its own connection and its own
 * calls, and one that works says nothing of another that does not.
 */
const SEEN_ALIKE_BY_EVERY_PROCESS = new Set<AlertKind>(['low_stock', 'ipqs_budget', 'gateway_down', 'backup_failed']);

/** How often a process repeats to the others what it sees of a kind (see `Alerts.resync`). */
export const RESYNC_EVERY_MS = 10 * 60_000;

/**
 * Operator alerts of one process: each kind is raised once per episode (a warn line
 * and `proxyport_alert_active{kind} 1`), however often the condition is seen again, and cleared
 * once (an info line and 0) when it is over. Listeners get every raise and clear: the hook through
 * which a notice channel (a Telegram bot) can be fed without the watchers knowing of it.
 */
export class Alerts {
  private readonly active = new Map<AlertKind, { since: Date; details: AlertDetails }>();
  private readonly listeners = new Set<(event: AlertEvent) => void>();
  private readonly resyncListeners = new Set<(event: AlertEvent) => void>();
  private readonly resyncedAt = new Map<AlertKind, number>();

  constructor(
    private log: AlertLog,
    private readonly clock: Clock,
  ) {}

  /** Starts an episode of `kind` unless one is under way; answers whether one started. */
  raise(kind: AlertKind, details: AlertDetails = {}): boolean {
    if (this.active.has(kind)) {
      this.resync(kind, 'raised', details);
      return false;
    }
    const at = this.clock.now();
    this.resyncedAt.set(kind, at.getTime());
    this.active.set(kind, { since: at, details });
    alertActive.set({ kind }, 1);
    alertsRaised.inc({ kind });
    this.log.warn({ alert: kind, ...details }, `alert: ${kind}`);
    this.emit({ kind, state: 'raised', details, at });
    return true;
  }

  /** Ends the episode of `kind` if one is under way; answers whether one ended. */
  clear(kind: AlertKind, details: AlertDetails = {}): boolean {
    const episode = this.active.get(kind);
    if (!episode) {
      this.resync(kind, 'cleared', details);
      return false;
    }
    this.active.delete(kind);
    const at = this.clock.now();
    this.resyncedAt.set(kind, at.getTime());
    alertActive.set({ kind }, 0);
    const seconds = Math.round((at.getTime() - episode.since.getTime()) / 1000);
    this.log.info({ alert: kind, seconds, ...details }, `alert over: ${kind}`);
    this.emit({ kind, state: 'cleared', details, at });
    return true;
  }

  /** Raises or clears by a condition seen now. */
  set(kind: AlertKind, on: boolean, details: AlertDetails = {}): void {
    if (on) this.raise(kind, details);
    else this.clear(kind, details);
  }

  /** Where the lines go from now on (the app's logger, once it exists). */
  useLog(log: AlertLog): void {
    this.log = log;
  }

  isActive(kind: AlertKind): boolean {
    return this.active.has(kind);
  }

  activeKinds(): AlertKind[] {
    return [...this.active.keys()];
  }

  /** Answers the function that stops listening. */
  onChange(listener: (event: AlertEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens for what {@link resync} repeats. Answers the function that stops listening. */
  onResync(listener: (event: AlertEvent) => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /**
   * What this process sees of a kind, repeated for the state the processes share, which may have
   * moved away from it: a process that stopped in an episode never ends it, and another process
   * may end an episode this one still sees (this one raises nothing more while it lasts here).
   * So a condition still under way is repeated for every kind, and one seen over without an
   * episode here only for the kinds every process reads alike; at once the first time, then at
   * most every {@link RESYNC_EVERY_MS} per kind (the watchers see their conditions on every tick).
   */
  private resync(kind: AlertKind, state: AlertEvent['state'], details: AlertDetails): void {
    if (state === 'cleared' && !SEEN_ALIKE_BY_EVERY_PROCESS.has(kind)) return;
    const now = this.clock.now();
    const last = this.resyncedAt.get(kind);
    if (last !== undefined && now.getTime() - last < RESYNC_EVERY_MS) return;
    this.resyncedAt.set(kind, now.getTime());
    this.tell(this.resyncListeners, { kind, state, details, at: now });
  }

  private emit(event: AlertEvent): void {
    this.tell(this.listeners, event);
  }

  private tell(listeners: Set<(event: AlertEvent) => void>, event: AlertEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // A failing notice channel must not stop the watcher that raised the alert.
        this.log.warn({ alert: event.kind, err: String(error) }, 'alert listener failed');
      }
    }
  }
}

/** A failure in words fit for a log line and the console: a database error by its SQLSTATE only. */
export function failureText(error: unknown): string {
  const safe = loggableError(error);
  if (safe instanceof Error) return safe.message.slice(0, 300);
  if (typeof safe === 'object' && safe !== null) {
    const { message, sqlState } = safe as { message?: unknown; sqlState?: unknown };
    const text = `${typeof message === 'string' ? message : 'failed'}${typeof sqlState === 'string' ? ` (SQLSTATE ${sqlState})` : ''}`;
    return text.slice(0, 300);
  }
  return String(safe).slice(0, 300);
}
