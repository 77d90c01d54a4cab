import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { telegramReplies } from '../db/schema';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { LEASE_MS, PER_CHAT_MS, TELEGRAM_PER_SECOND, telegramClaimsSince, telegramRetryMs } from './delivery';
import { TelegramError, type TelegramApi } from './telegram-api';

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
  const at = sql`${now.toISOString()}::timestamptz`;
  const gap = sql`make_interval(secs => ${REPLY_GAP_MS / 1000})`;
  const waiting = sql`${telegramReplies.text} IS NOT NULL`;
  await db
    .insert(telegramReplies)
    .values({ chatId, text, version: 1, nextAttemptAt: now })
    .onConflictDoUpdate({
      target: telegramReplies.chatId,
      set: {
        text: sql`excluded.text`,
        version: sql`${telegramReplies.version} + 1`,
        attempts: sql`CASE WHEN ${waiting} THEN ${telegramReplies.attempts} ELSE 0 END`,
        nextAttemptAt: sql`CASE WHEN ${waiting} THEN ${telegramReplies.nextAttemptAt} ELSE greatest(${at}, coalesce(${telegramReplies.claimedAt} + ${gap}, ${at})) END`,
      },
    });
}

type Claimed = Pick<typeof telegramReplies.$inferSelect, 'chatId' | 'text' | 'version' | 'attempts'>;

/**
 * Claims the replies this second allows, under the notices' lock and within their budget: 30
 * messages a second over every queue, one a second per chat whatever queue it came from.
 */
async function claimReplies(db: Database, now: Date): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.telegramClaims})`);
    const recent = await telegramClaimsSince(tx, new Date(now.getTime() - PER_CHAT_MS));
    const budget = TELEGRAM_PER_SECOND - recent.count;
    if (budget <= 0) return [];
    const candidates = await tx
      .select({ chatId: telegramReplies.chatId })
      .from(telegramReplies)
      .where(
        and(
          isNotNull(telegramReplies.text),
          lte(telegramReplies.nextAttemptAt, now),
          or(isNull(telegramReplies.leaseUntil), lt(telegramReplies.leaseUntil, now)),
        ),
      )
      .orderBy(asc(telegramReplies.nextAttemptAt))
      .limit(200)
      .for('update', { skipLocked: true });
    const chosen = candidates
      .map((row) => row.chatId)
      .filter((chatId) => !recent.chats.has(chatId))
      .slice(0, budget);
    if (chosen.length === 0) return [];
    const rows = await tx
      .update(telegramReplies)
      .set({
        claimedAt: now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${telegramReplies.attempts} + 1`,
      })
      .where(inArray(telegramReplies.chatId, chosen))
      .returning();
    return rows.map(({ chatId, text, version, attempts }) => ({ chatId, text, version, attempts }));
  });
}

type Outcome = 'sent' | 'retried' | 'failed';

async function send(deps: ReplyDeps, reply: Claimed): Promise<Outcome> {
  const now = deps.clock.now();
  const thisOne = and(eq(telegramReplies.chatId, reply.chatId), eq(telegramReplies.version, reply.version));
  try {
    await deps.telegram.sendMessage(reply.chatId, reply.text ?? '');
  } catch (error) {
    if (!(error instanceof TelegramError)) throw error;
    const waitMs = telegramRetryMs(error, reply.attempts, REPLY_BACKOFF);
    if (waitMs !== null) {
      // Whatever answer waits by then (this one or a newer) is sent at the next attempt.
      await deps.db
        .update(telegramReplies)
        .set({ leaseUntil: null, lastError: error.message, nextAttemptAt: new Date(now.getTime() + waitMs) })
        .where(and(eq(telegramReplies.chatId, reply.chatId), isNotNull(telegramReplies.text)));
      return 'retried';
    }
    // 400 or 403 (the user blocked the bot): this answer will never go; a newer one may.
    const [dropped] = await deps.db
      .update(telegramReplies)
      .set({ text: null, leaseUntil: null, lastError: error.message })
      .where(thisOne)
      .returning({ chatId: telegramReplies.chatId });
    if (!dropped) await afterNewer(deps, reply.chatId, now);
    return 'failed';
  }
  const [sent] = await deps.db
    .update(telegramReplies)
    .set({ text: null, sentAt: now, leaseUntil: null, lastError: null, attempts: 0 })
    .where(thisOne)
    .returning({ chatId: telegramReplies.chatId });
  if (!sent) await afterNewer(deps, reply.chatId, now);
  return 'sent';
}

/** A newer answer came while this one was being sent: it goes a gap after this one. */
async function afterNewer(deps: ReplyDeps, chatId: number, now: Date): Promise<void> {
  await deps.db
    .update(telegramReplies)
    .set({ leaseUntil: null, attempts: 0, nextAttemptAt: new Date(now.getTime() + REPLY_GAP_MS) })
    .where(eq(telegramReplies.chatId, chatId));
}

/** One round of the bot's replies; the bot runs one after each poll, every sender process every second. */
export async function runReplyRound(deps: ReplyDeps) {
  const result = { sent: 0, retried: 0, failed: 0 };
  const claimed = await claimReplies(deps.db, deps.clock.now());
  for (const outcome of await Promise.all(claimed.map((reply) => send(deps, reply)))) result[outcome] += 1;
  return result;
}
