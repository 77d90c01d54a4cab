import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { repeatEvery } from '../jobs/repeat';
import { createMailer } from './mailer';
import type { Alerts } from '../ops/alerts';
import { runNoticeRound } from './notice-sender';
import { runReplyRound } from './bot-replies';
import { runAlertRound } from './operator-alert-sender';
import { forwardAlertsToTelegram } from './operator-alerts';
import { TelegramApi } from './telegram-api';
import { startTelegramBot } from './telegram-bot';

export function telegramApiOf(config: Pick<Config, 'notices'>): TelegramApi | null {
  const telegram = config.notices.telegram;
  return telegram ? new TelegramApi(telegram.token, telegram.apiUrl) : null;
}

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
