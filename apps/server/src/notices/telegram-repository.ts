import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { lockedIds } from '../db/locked-ids';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Queryable } from '../db/client';
import { updatedRow } from '../db/first-row';
import { noticeContacts, notices, operatorAlertNotices, telegramPoller, telegramReplies } from '../db/tables/notices';

export type ReplyRow = typeof telegramReplies.$inferSelect;

/** Every queue's Telegram claims are made under this lock, so their counts of the last second are true. */
export async function lockTelegramClaims(tx: Queryable): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.telegramClaims})`);
}

/** Telegram claims made after `since` on each queue: customers' notices (with their chats), alerts, replies. */
export async function findTelegramClaimsSince(tx: Queryable, since: Date) {
  const customers = await tx
    .select({ userId: notices.userId, chatId: noticeContacts.telegramChatId })
    .from(notices)
    .leftJoin(noticeContacts, eq(noticeContacts.userId, notices.userId))
    .where(and(eq(notices.channel, 'telegram'), gt(notices.claimedAt, since)));
  const alerts = await tx
    .select({ chatId: operatorAlertNotices.chatId })
    .from(operatorAlertNotices)
    .where(gt(operatorAlertNotices.claimedAt, since));
  const replies = await tx
    .select({ chatId: telegramReplies.chatId })
    .from(telegramReplies)
    .where(gt(telegramReplies.claimedAt, since));
  return { customers, alerts, replies };
}

/**
 * Puts an answer in a chat's reply row: due at `now` after a quiet moment, `gapMs` after the
 * previous claim otherwise; one already waiting keeps its turn and attempts and takes the newer text.
 */
export async function upsertReply(
  db: Queryable,
  reply: { chatId: number; text: string; now: Date; gapMs: number },
): Promise<void> {
  const at = sql`${reply.now.toISOString()}::timestamptz`;
  const gap = sql`make_interval(secs => ${reply.gapMs / 1000})`;
  const waiting = sql`${telegramReplies.text} IS NOT NULL`;
  await db
    .insert(telegramReplies)
    .values({ chatId: reply.chatId, text: reply.text, version: 1, nextAttemptAt: reply.now })
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

/** The chats whose waiting reply is due, earliest first, locked (rows other senders hold skipped). */
export async function lockDueReplyChats(tx: Queryable, now: Date): Promise<number[]> {
  const due = and(
    isNotNull(telegramReplies.text),
    lte(telegramReplies.nextAttemptAt, now),
    or(isNull(telegramReplies.leaseUntil), lt(telegramReplies.leaseUntil, now)),
  );
  const rows = await lockedIds(tx, telegramReplies.chatId, due, asc(telegramReplies.nextAttemptAt), 200);
  return rows.map((row) => row.id);
}

/** Claims chats' replies until `leaseUntil`, counting the attempt. */
export async function claimReplies(tx: Queryable, chatIds: number[], now: Date, leaseUntil: Date): Promise<ReplyRow[]> {
  return tx
    .update(telegramReplies)
    .set({ claimedAt: now, leaseUntil, attempts: sql`${telegramReplies.attempts} + 1` })
    .where(inArray(telegramReplies.chatId, chatIds))
    .returning();
}

/** Whatever answer waits in the chat (the one tried or a newer) is due again at `at`. */
export async function retryReplyAt(db: Queryable, chatId: number, reason: string, at: Date): Promise<void> {
  await db
    .update(telegramReplies)
    .set({ leaseUntil: null, lastError: reason, nextAttemptAt: at })
    .where(and(eq(telegramReplies.chatId, chatId), isNotNull(telegramReplies.text)));
}

const thisVersion = (chatId: number, version: number) =>
  and(eq(telegramReplies.chatId, chatId), eq(telegramReplies.version, version));

/** Drops the answer of this version; answers false when a newer one has replaced it. */
export async function dropReply(db: Queryable, chatId: number, version: number, reason: string): Promise<boolean> {
  const [dropped] = await db
    .update(telegramReplies)
    .set({ text: null, leaseUntil: null, lastError: reason })
    .where(thisVersion(chatId, version))
    .returning({ chatId: telegramReplies.chatId });
  return Boolean(dropped);
}

/** Marks the answer of this version sent; answers false when a newer one has replaced it. */
export async function markReplySent(db: Queryable, chatId: number, version: number, now: Date): Promise<boolean> {
  const [sent] = await db
    .update(telegramReplies)
    .set({ text: null, sentAt: now, leaseUntil: null, lastError: null, attempts: 0 })
    .where(thisVersion(chatId, version))
    .returning({ chatId: telegramReplies.chatId });
  return Boolean(sent);
}

/** The chat's waiting reply, released with no attempts counted, is due at `at`. */
export async function delayReply(db: Queryable, chatId: number, at: Date): Promise<void> {
  await db
    .update(telegramReplies)
    .set({ leaseUntil: null, attempts: 0, nextAttemptAt: at })
    .where(eq(telegramReplies.chatId, chatId));
}

/** Takes or renews the poller lease; answers the offset to poll from, or null when another owner holds it. */
export async function takePollerLease(
  db: Queryable,
  owner: string,
  now: Date,
  leaseUntil: Date,
): Promise<number | null> {
  const row = await updatedRow(
    db,
    telegramPoller,
    { owner, leaseUntil },
    and(
      eq(telegramPoller.id, 1),
      or(eq(telegramPoller.owner, owner), isNull(telegramPoller.leaseUntil), lt(telegramPoller.leaseUntil, now)),
    ),
  );
  return row ? row.updateOffset : null;
}

export async function releasePollerLease(db: Queryable, owner: string): Promise<void> {
  await db
    .update(telegramPoller)
    .set({ owner: null, leaseUntil: null })
    .where(and(eq(telegramPoller.id, 1), eq(telegramPoller.owner, owner)));
}

/** Stores the next update to poll from, while `owner` holds the lease. */
export async function storePollerOffset(db: Queryable, owner: string, offset: number): Promise<void> {
  await db
    .update(telegramPoller)
    .set({ updateOffset: offset })
    .where(and(eq(telegramPoller.id, 1), eq(telegramPoller.owner, owner)));
}
