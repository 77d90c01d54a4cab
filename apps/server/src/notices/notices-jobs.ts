import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { repeatEvery } from '../jobs/repeat';
import type { AlertEvent, Alerts } from '../ops/alerts-service';
import { runReplyRound } from './bot-replies';
import { createMailer } from './mailer';
import { runNoticeRound } from './notice-sender';
import { telegramApiOf } from './notices-service';
import { runAlertRound } from './operator-alert-sender';
import { queueAlertEvent } from './operator-alerts';
import type { TelegramApi } from './telegram-api';
import { startTelegramBot } from './telegram-bot';

/** The queue is looked at every second: Telegram's per-chat limit is one message a second. */
export const NOTICE_ROUND_MS = 1_000;

/**
 * Starts what notices need in a server process: the queue's sender (every process may run one;
 * each notice is claimed by one of them) and, with a bot token, the bot's long polling (one
 * process at a time holds it). Answers the function that stops both.
 */
export function startNotices(
  deps: { config: Config; db: Database; clock: Clock; telegram?: TelegramApi | null; alerts?: Alerts },
  log: FastifyBaseLogger,
): () => Promise<void> {
  const telegram = deps.telegram === undefined ? telegramApiOf(deps.config) : deps.telegram;
  const mailer = deps.config.notices.smtp ? createMailer(deps.config.notices.smtp) : null;
  const sender = { db: deps.db, clock: deps.clock, telegram, mailer, publicUrl: deps.config.publicUrl };
  const stops = [repeatEvery('notices', NOTICE_ROUND_MS, (signal) => runNoticeRound(sender, signal), log)];
  if (telegram) {
    stops.push(startTelegramBot({ db: deps.db, clock: deps.clock, telegram }, log));
    // Replies the bot could not send at once (rate limits, a 429's retry_after) go from any process.
    const replies = { db: deps.db, clock: deps.clock, telegram };
    stops.push(repeatEvery('bot replies', NOTICE_ROUND_MS, () => runReplyRound(replies), log));
  }
  // Operator alerts reach linked operators' chats only with a bot; without one they stay log lines and metrics.
  if (telegram && deps.alerts) {
    const forwarder = forwardAlertsToTelegram({ db: deps.db, alerts: deps.alerts }, log);
    const alertSender = { db: deps.db, clock: deps.clock, telegram };
    stops.push(async () => forwarder.stop());
    stops.push(repeatEvery('operator alert messages', NOTICE_ROUND_MS, () => runAlertRound(alertSender), log));
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    mailer?.close();
  };
}

/** Events kept while the database cannot take them (the database_down alert itself): the newest this many. */
const MAX_PENDING = 100;
const RETRY_MS = 5_000;

/**
 * Feeds the alerts of this process into the queue. A listener must not block the watcher, so
 * events wait in order in memory and are written one by one; an event the database refuses (it is
 * down: the database_down alert) is written when it answers again, so that alert arrives late,
 * together with its end, rather than never. Answers the function that stops it.
 */
export function forwardAlertsToTelegram(
  deps: { db: Database; alerts: Alerts },
  log: Pick<FastifyBaseLogger, 'warn'>,
): { flush: () => Promise<void>; stop: () => void } {
  const pending: AlertEvent[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const drain = async () => {
    while (pending.length > 0 && !stopped) {
      const event = pending[0];
      if (!event) break;
      try {
        await queueAlertEvent(deps.db, event);
        pending.shift();
      } catch (error) {
        log.warn({ alert: event.kind, err: String(error) }, 'operator alert not queued yet; retrying');
        timer ??= setTimeout(() => {
          timer = null;
          void flush();
        }, RETRY_MS);
        timer.unref();
        return;
      }
    }
  };
  const flush = async () => {
    while (running) await running;
    running = drain().finally(() => {
      running = null;
    });
    await running;
  };
  const enqueue = (event: AlertEvent) => {
    pending.push(event);
    if (pending.length > MAX_PENDING) pending.shift();
    void flush();
  };
  const unsubscribe = deps.alerts.onChange(enqueue);
  // A repeated state that the shared one already has changes nothing; one that differs (an
  // episode a stopped process left open, one another process ended while this one still sees
  // it) starts or ends an episode, and its recipients hear of it.
  const unsubscribeResync = deps.alerts.onResync(enqueue);
  return {
    flush,
    stop: () => {
      stopped = true;
      unsubscribe();
      unsubscribeResync();
      if (timer) clearTimeout(timer);
    },
  };
}
