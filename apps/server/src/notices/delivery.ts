import type { Queryable } from '../db/client';
import type { TelegramError } from './telegram-api';
import { findTelegramClaimsSince, lockTelegramClaims } from './telegram-repository';

/**
 * How the three Telegram queues (customers' notices, operator alerts, the bot's replies) pace and
 * retry: one budget, one lease, one backoff rule, so no queue can starve or flood the others.
 */

/** Telegram's limits for bots (its FAQ): about 30 messages a second, and 1 a second to one chat. */
export const TELEGRAM_PER_SECOND = 30;
export const PER_CHAT_MS = 1_000;
/** A claimed message not marked sent or retried by then (its sender died) is due again. */
export const LEASE_MS = 60_000;
/** Tries of a message that meets network errors before it is given up as failed. */
export const MAX_ATTEMPTS = 8;

export interface Backoff {
  firstMs: number;
  maxMs: number;
}

/** Notices and alerts can wait: 5 s after the first failure, doubling, at most an hour. */
export const NOTICE_BACKOFF: Backoff = { firstMs: 5_000, maxMs: 3_600_000 };

/** The wait after the `attempts`-th failed try: doubling from `firstMs`, never past `maxMs`. */
export function backoffMs(attempts: number, backoff: Backoff = NOTICE_BACKOFF): number {
  return Math.min(backoff.firstMs * 2 ** (attempts - 1), backoff.maxMs);
}

/**
 * When a failed Telegram send is tried again, or null when it is not: a 429 always, after the
 * wait Telegram names (a second when it names none); a network error while tries are left, after
 * the backoff; anything else (400, 403) never.
 */
export function telegramRetryMs(error: TelegramError, attempts: number, backoff: Backoff = NOTICE_BACKOFF) {
  if (error.code === 429) return (error.retryAfter ?? 1) * 1000;
  if (error.transient && attempts < MAX_ATTEMPTS) return backoffMs(attempts, backoff);
  return null;
}

/**
 * Telegram claims of the last second over every queue: customers' notices (by customer and their
 * chat), operator alerts and the bot's replies (by chat); the 30 a second are shared, and a chat
 * that got anything in the last second gets nothing more until it has passed.
 */
async function telegramClaimsSince(tx: Queryable, since: Date) {
  const { customers, alerts, replies } = await findTelegramClaimsSince(tx, since);
  const alertChats = new Set(alerts.flatMap((row) => (row.chatId === null ? [] : [row.chatId])));
  const customerIds = new Set(customers.map((row) => row.userId));
  const chats = new Set([
    ...customers.flatMap((row) => (row.chatId === null ? [] : [row.chatId])),
    ...alertChats,
    ...replies.map((row) => row.chatId),
  ]);
  return { customers: customerIds, chats, count: customerIds.size + alertChats.size + replies.length };
}

/**
 * Takes the lock every queue's Telegram claims are made under, for the caller's transaction, and
 * answers the claims of the last second: what a claim of `now` must leave room for.
 */
export async function lockTelegramBudget(tx: Queryable, now: Date) {
  await lockTelegramClaims(tx);
  return telegramClaimsSince(tx, new Date(now.getTime() - PER_CHAT_MS));
}
