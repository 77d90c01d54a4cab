import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { LEASE_MS, TELEGRAM_PER_SECOND, lockTelegramBudget, telegramRetryMs } from './delivery';
import { TelegramError, type TelegramApi } from './telegram-api';
import {
  claimReplies as claimReplyRows,
  delayReply,
  dropReply,
  lockDueReplyChats,
  markReplySent,
  retryReplyAt,
  upsertReply,
  type ReplyRow,
} from './telegram-repository';

export interface ReplyDeps {
  db: Database;
  clock: Clock;
  telegram: TelegramApi;
}

/**
 * A chat gets at most one reply this often: answers given meanwhile replace the one waiting, so a
 * chat sending a hundred messages gets a reply every few seconds, the newest answer, and Telegram's
 * one-a-second per chat is never met by the bot's own replies.
 */
export const REPLY_GAP_MS = 3_000;
/** A person is waiting for an answer: 1 s after the first failure, doubling, at most a minute. */
const REPLY_BACKOFF = { firstMs: 1_000, maxMs: 60_000 };

/**
 * Queues the answer to a chat: the first after a quiet moment is due at once, a later one a few
 * seconds after the previous reply's claim; one already waiting keeps its turn (or its 429's
 * retry_after) and takes the newer text.
 */
export async function queueReply(db: Queryable, chatId: number, text: string, now: Date): Promise<void> {
  await upsertReply(db, { chatId, text, now, gapMs: REPLY_GAP_MS });
}

type Claimed = Pick<ReplyRow, 'chatId' | 'text' | 'version' | 'attempts'>;

/**
 * Claims the replies this second allows, under the notices' lock and within their budget: 30
 * messages a second over every queue, one a second per chat whatever queue it came from.
 */
async function claimReplies(db: Database, now: Date): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const recent = await lockTelegramBudget(tx, now);
    const budget = TELEGRAM_PER_SECOND - recent.count;
    if (budget <= 0) return [];
    const candidates = await lockDueReplyChats(tx, now);
    const chosen = candidates.filter((chatId) => !recent.chats.has(chatId)).slice(0, budget);
    if (chosen.length === 0) return [];
    const rows = await claimReplyRows(tx, chosen, now, new Date(now.getTime() + LEASE_MS));
    return rows.map(({ chatId, text, version, attempts }) => ({ chatId, text, version, attempts }));
  });
}

type Outcome = 'sent' | 'retried' | 'failed';

async function send(deps: ReplyDeps, reply: Claimed): Promise<Outcome> {
  const now = deps.clock.now();
  try {
    await deps.telegram.sendMessage(reply.chatId, reply.text ?? '');
  } catch (error) {
    if (!(error instanceof TelegramError)) throw error;
    const waitMs = telegramRetryMs(error, reply.attempts, REPLY_BACKOFF);
    if (waitMs !== null) {
      // Whatever answer waits by then (this one or a newer) is sent at the next attempt.
      await retryReplyAt(deps.db, reply.chatId, error.message, new Date(now.getTime() + waitMs));
      return 'retried';
    }
    // 400 or 403 (the user blocked the bot): this answer will never go; a newer one may.
    if (!(await dropReply(deps.db, reply.chatId, reply.version, error.message))) {
      await afterNewer(deps, reply.chatId, now);
    }
    return 'failed';
  }
  if (!(await markReplySent(deps.db, reply.chatId, reply.version, now))) await afterNewer(deps, reply.chatId, now);
  return 'sent';
}

/** A newer answer came while this one was being sent: it goes a gap after this one. */
async function afterNewer(deps: ReplyDeps, chatId: number, now: Date): Promise<void> {
  await delayReply(deps.db, chatId, new Date(now.getTime() + REPLY_GAP_MS));
}

/** One round of the bot's replies; the bot runs one after each poll, every sender process every second. */
export async function runReplyRound(deps: ReplyDeps) {
  const result = { sent: 0, retried: 0, failed: 0 };
  const claimed = await claimReplies(deps.db, deps.clock.now());
  for (const outcome of await Promise.all(claimed.map((reply) => send(deps, reply)))) result[outcome] += 1;
  return result;
}
