import { randomUUID } from 'node:crypto';
import { formatCents } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { findBalanceCents } from '../accounts/accounts-service';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { loggableError } from '../lib/loggable-error';
import { queueReply, runReplyRound } from './bot-replies';
import { rentalLabel } from './notice-queue';
import { linkChat, portalLanguage, unlinkTelegram } from './notices-service';
import { findConnectedRentalLabels, findContactByChat } from './notices-repository';
import { linkOperatorChat } from './operator-alerts';
import { operatorTextsFor } from './operator-texts';
import { fill, textsFor } from './texts';
import type { TelegramApi, TelegramMessage, TelegramUpdate } from './telegram-api';
import { releasePollerLease, storePollerOffset, takePollerLease } from './telegram-repository';

export interface BotDeps {
  db: Database;
  clock: Clock;
  telegram: TelegramApi;
  /** This process's name in the poller lease. */
  owner: string;
  /** getUpdates' long-polling wait (Telegram allows up to 50 s). */
  pollSeconds: number;
}

/** Telegram answers 409 to a second getUpdates at once: one process polls, holding this lease. */
const POLL_LEASE_MS = 90_000;

/**
 * Takes (or renews) the poller lease; answers the offset to poll from, or null when another
 * process holds the lease.
 */
async function takeLease(deps: BotDeps): Promise<number | null> {
  const now = deps.clock.now();
  return takePollerLease(deps.db, deps.owner, now, new Date(now.getTime() + POLL_LEASE_MS));
}

export async function releaseLease(deps: Pick<BotDeps, 'db' | 'owner'>): Promise<void> {
  await releasePollerLease(deps.db, deps.owner);
}

/**
 * One long poll: the updates after the stored offset, each answered, then the offset moved past
 * them. A crash before the offset is stored repeats those updates, which is harmless: a code links
 * once, and a command answered twice has its answer queued again (one reply, the newest, waits per chat). Answers the updates handled, or -1 when
 * another process polls.
 */
export async function pollOnce(deps: BotDeps, signal?: AbortSignal, log?: FastifyBaseLogger): Promise<number> {
  const offset = await takeLease(deps);
  if (offset === null) return -1;
  const updates = await deps.telegram.getUpdates(offset, deps.pollSeconds, signal);
  for (const update of updates) {
    try {
      await handleUpdate(deps, update);
    } catch (error) {
      log?.warn({ err: loggableError(error), update: update.update_id }, 'telegram: an update was not answered');
    }
  }
  const last = updates.at(-1);
  if (last) {
    await storePollerOffset(deps.db, deps.owner, last.update_id + 1);
    // The answers just queued go now, as far as the rate limits allow; the rest with the sender's rounds.
    await runReplyRound(deps).catch((error: unknown) =>
      log?.warn({ err: loggableError(error) }, 'telegram: replies wait for the next round'),
    );
  }
  return updates.length;
}

function command(text: string): { name: string; argument: string } {
  const match = /^\/([a-z_]+)(?:@\w+)?(?:\s+(\S+))?/i.exec(text.trim());
  return { name: match?.[1]?.toLowerCase() ?? '', argument: match?.[2] ?? '' };
}

function timeLeft(template: string, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return fill(template, { h: Math.floor(minutes / 60), m: minutes % 60 });
}

async function proxiesText(deps: BotDeps, userId: number, language: string | null): Promise<string> {
  const texts = textsFor(language);
  const rows = await findConnectedRentalLabels(deps.db, userId);
  if (rows.length === 0) return texts.proxiesNone;
  const now = deps.clock.now().getTime();
  const lines = rows.map((row) =>
    fill(texts.proxyLine, {
      id: row.id,
      label: rentalLabel(row, row.note),
      left: timeLeft(texts.hoursMinutes, row.endTime.getTime() - now),
    }),
  );
  return [texts.proxiesHeader, ...lines].join('\n');
}

/** The answer to one message, in the account's language (the Telegram client's before linking). */
async function answer(deps: BotDeps, message: TelegramMessage): Promise<string> {
  const chatId = message.chat.id;
  const { name, argument } = command(message.text ?? '');
  const contact = await findContactByChat(deps.db, chatId);
  const language = contact?.language ?? portalLanguage(message.from?.language_code);
  const texts = textsFor(language);
  if (name === 'start' && argument) {
    const userId = await linkChat(deps, argument, chatId, message.from?.language_code);
    // Not a customer's code: perhaps an operator's, from the console.
    if (userId === null) {
      const appLanguage = portalLanguage(message.from?.language_code);
      const operatorId = await linkOperatorChat(deps, argument, chatId, appLanguage);
      return operatorId === null ? texts.badCode : operatorTextsFor(appLanguage).linked;
    }
    const linked = await findContactByChat(deps.db, chatId);
    return textsFor(linked?.language ?? language).linked;
  }
  if (name === 'help' || name === 'start') return contact ? texts.help : `${texts.notLinked}\n\n${texts.help}`;
  if (!contact) return `${texts.notLinked}\n\n${texts.help}`;
  switch (name) {
    case 'balance': {
      const balanceCents = await findBalanceCents(deps.db, contact.userId);
      return fill(texts.balance, { balance: formatCents(balanceCents) });
    }
    case 'proxies':
      return proxiesText(deps, contact.userId, contact.language);
    case 'stop':
      await unlinkTelegram(deps.db, contact.userId);
      return texts.stopped;
    default:
      return texts.help;
  }
}

/**
 * Private chats only: a group must not be linked to one customer's account. The answer is queued,
 * not sent: the reply queue keeps to Telegram's limits and retries after a 429.
 */
async function handleUpdate(deps: BotDeps, update: TelegramUpdate): Promise<void> {
  const message = update.message;
  if (!message || message.chat.type !== 'private') return;
  const text = await answer(deps, message);
  await queueReply(deps.db, message.chat.id, text, deps.clock.now());
}

/**
 * Polls until stopped: started with the server when TELEGRAM_BOT_TOKEN is set. A process that
 * does not hold the lease looks again every few seconds, so another takes over within the lease
 * time after the poller dies.
 */
export function startTelegramBot(
  deps: Omit<BotDeps, 'owner' | 'pollSeconds'> & { pollSeconds?: number },
  log: FastifyBaseLogger,
): () => Promise<void> {
  const bot: BotDeps = { ...deps, owner: randomUUID(), pollSeconds: deps.pollSeconds ?? 25 };
  const stopping = new AbortController();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stopping.signal.addEventListener('abort', done, { once: true });
    });
  const loop = (async () => {
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        const handled = await pollOnce(bot, stopping.signal, log);
        failures = 0;
        if (handled < 0) await pause(5_000);
      } catch (error) {
        if (stopping.signal.aborted) break;
        failures += 1;
        log.warn({ err: loggableError(error) }, 'telegram: polling failed');
        await pause(Math.min(1_000 * 2 ** failures, 60_000));
      }
    }
  })();
  return async () => {
    stopping.abort();
    await loop;
    await releaseLease(bot).catch(() => undefined);
  };
}
