import { NOTICE_TOPICS, RENTAL_STATUS, type Language, type NoticeChannel, type NoticeTopic } from '@portal/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { lockedIds } from '../db/locked-ids';
import type { Queryable } from '../db/client';
import { firstRow, updateWon } from '../db/first-row';
import { spendableCode } from '../db/link-codes';
import { dueNow } from '../db/notice-queue';
import { proxies } from '../db/tables/inventory';
import { noticeContacts, notices, telegramLinkCodes } from '../db/tables/notices';
import { rentals } from '../db/tables/rentals';
import type { LinkCode } from './deep-link';

export type ContactRow = typeof noticeContacts.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = typeof notices.$inferInsert;
export type RentalRow = typeof rentals.$inferSelect;

/** The columns a rental's label is made of, for a query joining rentals and proxies. */
export const RENTAL_LABEL_COLUMNS = {
  id: rentals.id,
  endTime: rentals.endTime,
  note: rentals.note,
  exitIp: proxies.exitIp,
  ip: proxies.ip,
  country: proxies.country,
};

export async function findContact(db: Queryable, userId: number): Promise<ContactRow | undefined> {
  return firstRow(db, noticeContacts, eq(noticeContacts.userId, userId));
}

export async function findContactByChat(db: Queryable, chatId: number): Promise<ContactRow | null> {
  const [contact] = await db.select().from(noticeContacts).where(eq(noticeContacts.telegramChatId, chatId));
  return contact ?? null;
}

/** The customer's contact row, made with defaults when missing; the language kept unless one is given. */
export async function upsertContact(tx: Queryable, userId: number, language: Language | undefined): Promise<void> {
  await tx
    .insert(noticeContacts)
    .values({ userId, language: language ?? null })
    .onConflictDoUpdate({
      target: noticeContacts.userId,
      set: { language: language ? language : sql`${noticeContacts.language}` },
    });
}

/** Stores a customer's new deep-link code in place of their unused older ones. */
export async function replaceTelegramLinkCode(tx: Queryable, userId: number, code: LinkCode): Promise<void> {
  await tx.delete(telegramLinkCodes).where(and(eq(telegramLinkCodes.userId, userId), isNull(telegramLinkCodes.usedAt)));
  await tx.insert(telegramLinkCodes).values({ ...code, userId });
}

/** Spends an unused, unexpired code; answers its customer, or null when there is no such code. */
export async function spendTelegramLinkCode(tx: Queryable, codeHash: string, now: Date): Promise<number | null> {
  const [used] = await tx
    .update(telegramLinkCodes)
    .set({ usedAt: now })
    .where(spendableCode(telegramLinkCodes, codeHash, now))
    .returning({ userId: telegramLinkCodes.userId });
  return used?.userId ?? null;
}

/** Links a chat to a customer's contact row; the Telegram client's language only when none is set. */
export async function setContactChat(
  tx: Queryable,
  userId: number,
  chat: { chatId: number; linkedAt: Date; language: Language | null },
): Promise<void> {
  await tx
    .update(noticeContacts)
    .set({
      telegramChatId: chat.chatId,
      telegramLinkedAt: chat.linkedAt,
      language: sql`coalesce(${noticeContacts.language}, ${chat.language})`,
    })
    .where(eq(noticeContacts.userId, userId));
}

/** Unlinks a customer's chat, or a chat from whichever customer has it. */
export async function clearContactChat(db: Queryable, of: { userId: number } | { chatId: number }): Promise<void> {
  await db
    .update(noticeContacts)
    .set({ telegramChatId: null, telegramLinkedAt: null })
    .where('userId' in of ? eq(noticeContacts.userId, of.userId) : eq(noticeContacts.telegramChatId, of.chatId));
}

export async function setUnconfirmedEmail(
  tx: Queryable,
  userId: number,
  email: { address: string; tokenHash: string; tokenExpiresAt: Date },
): Promise<void> {
  await tx
    .update(noticeContacts)
    .set({
      email: email.address,
      emailTokenHash: email.tokenHash,
      emailTokenExpiresAt: email.tokenExpiresAt,
      emailConfirmedAt: null,
    })
    .where(eq(noticeContacts.userId, userId));
}

/** Confirms the address whose unexpired token this is; answers whether there was one. */
export async function confirmEmailByTokenHash(db: Queryable, tokenHash: string, now: Date): Promise<boolean> {
  const [confirmed] = await db
    .update(noticeContacts)
    .set({ emailConfirmedAt: now, emailTokenHash: null, emailTokenExpiresAt: null })
    .where(and(eq(noticeContacts.emailTokenHash, tokenHash), gt(noticeContacts.emailTokenExpiresAt, now)))
    .returning({ userId: noticeContacts.userId });
  return Boolean(confirmed);
}

/** Sets the topics of a customer who has an address; answers whether they have one. */
export async function updateEmailTopics(db: Queryable, userId: number, topics: NoticeTopic[]): Promise<boolean> {
  return updateWon(
    db,
    noticeContacts,
    { emailTopics: topics },
    and(eq(noticeContacts.userId, userId), sql`${noticeContacts.email} IS NOT NULL`),
  );
}

/** Forgets a customer's address, its token and its topics. */
export async function clearEmail(tx: Queryable, userId: number): Promise<void> {
  await tx
    .update(noticeContacts)
    .set({
      email: null,
      emailTokenHash: null,
      emailTokenExpiresAt: null,
      emailConfirmedAt: null,
      emailTopics: [...NOTICE_TOPICS],
    })
    .where(eq(noticeContacts.userId, userId));
}

/** What decides a customer's channels: a linked chat, a confirmed address and its topics. */
const CHANNEL_COLUMNS = {
  userId: noticeContacts.userId,
  telegramChatId: noticeContacts.telegramChatId,
  emailConfirmedAt: noticeContacts.emailConfirmedAt,
  emailTopics: noticeContacts.emailTopics,
};

export type ChannelContact = Pick<ContactRow, keyof typeof CHANNEL_COLUMNS>;

export async function findChannelContacts(db: Queryable, userId: number): Promise<ChannelContact[]> {
  return db.select(CHANNEL_COLUMNS).from(noticeContacts).where(eq(noticeContacts.userId, userId));
}

/** Every customer with a linked chat or a confirmed address, in id order. */
export async function findReachableContacts(db: Queryable): Promise<ChannelContact[]> {
  return db
    .select(CHANNEL_COLUMNS)
    .from(noticeContacts)
    .where(or(isNotNull(noticeContacts.telegramChatId), isNotNull(noticeContacts.emailConfirmedAt)))
    .orderBy(asc(noticeContacts.userId));
}

/** Rows inserted at once: a broadcast to every customer stays within PostgreSQL's parameter limit. */
const INSERT_BATCH = 1000;

/** Inserts notices; a key already queued on a channel adds nothing. Answers the rows added. */
export async function insertNotices(tx: Queryable, rows: NewNotice[]): Promise<number> {
  let added = 0;
  for (let from = 0; from < rows.length; from += INSERT_BATCH) {
    const inserted = await tx
      .insert(notices)
      .values(rows.slice(from, from + INSERT_BATCH))
      .onConflictDoNothing()
      .returning({ id: notices.id });
    added += inserted.length;
  }
  return added;
}

/** Fails what is still waiting for a customer on one channel. */
export async function failWaitingNotices(tx: Queryable, userId: number, channel: NoticeChannel, reason: string) {
  await tx
    .update(notices)
    .set({ status: 'failed', lastError: reason, leaseUntil: null })
    .where(and(eq(notices.userId, userId), eq(notices.channel, channel), eq(notices.status, 'waiting')));
}

/**
 * Connected rentals without auto-renew whose end is after `until` and within `beforeMs`, that were
 * connected before the moment, whose customer is reached for `topic` (a linked chat, or a confirmed
 * address that wants it) and has no `kind` notice for that end yet; the soonest to end first.
 * The reach is the queue's own rule: a rental it would queue nothing for must not come back each
 * round, or a customer with many of them would hold back everyone else's warnings.
 */
export async function findRentalsDueWarning(
  db: Queryable,
  moment: { kind: string; topic: string; beforeMs: number; until: number },
  now: Date,
) {
  return db
    .select({ ...RENTAL_LABEL_COLUMNS, userId: rentals.userId })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(
      and(
        eq(rentals.status, RENTAL_STATUS.connected),
        eq(rentals.autoRenew, false),
        sql`${rentals.endTime} > ${new Date(now.getTime() + moment.until)}`,
        sql`${rentals.endTime} <= ${new Date(now.getTime() + moment.beforeMs)}`,
        sql`${rentals.connectedAt} < ${rentals.endTime} - make_interval(secs => ${moment.beforeMs / 1000})`,
        inArray(
          rentals.userId,
          db
            .select({ userId: noticeContacts.userId })
            .from(noticeContacts)
            .where(
              sql`${noticeContacts.telegramChatId} IS NOT NULL OR (${noticeContacts.emailConfirmedAt} IS NOT NULL AND ${moment.topic} = ANY(${noticeContacts.emailTopics}))`,
            ),
        ),
        sql`NOT EXISTS (SELECT 1 FROM ${notices} WHERE ${notices.userId} = ${rentals.userId} AND ${notices.eventKey} = ${moment.kind} || ':' || ${rentals.id} || ':' || (extract(epoch FROM ${rentals.endTime}) * 1000)::bigint)`,
      ),
    )
    .orderBy(asc(rentals.endTime), asc(rentals.id))
    .limit(1000);
}

/** A customer's connected rentals, the soonest to end first (at most 50), with their labels' columns. */
export async function findConnectedRentalLabels(db: Queryable, userId: number) {
  return db
    .select(RENTAL_LABEL_COLUMNS)
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(and(eq(rentals.userId, userId), eq(rentals.status, RENTAL_STATUS.connected)))
    .orderBy(asc(rentals.endTime))
    .limit(50);
}

const due = (now: Date) => dueNow(notices, now);

/** Due Telegram notices with their customers' chats, oldest first, locked (rows other senders hold skipped). */
export async function lockDueTelegramNotices(tx: Queryable, now: Date) {
  return tx
    .select({ id: notices.id, userId: notices.userId, kind: notices.kind, chatId: noticeContacts.telegramChatId })
    .from(notices)
    .leftJoin(noticeContacts, eq(noticeContacts.userId, notices.userId))
    .where(and(due(now), eq(notices.channel, 'telegram')))
    .orderBy(asc(notices.id))
    .limit(500)
    .for('update', { of: notices, skipLocked: true });
}

/** The ids of due e-mail notices, oldest first, locked (rows other senders hold skipped). */
export async function lockDueEmailNoticeIds(tx: Queryable, now: Date, limit: number): Promise<number[]> {
  const rows = await lockedIds(tx, notices.id, and(due(now), eq(notices.channel, 'email')), asc(notices.id), limit);
  return rows.map((row) => row.id);
}

/** Claims notices until `leaseUntil`, counting the attempt. */
export async function claimNotices(tx: Queryable, ids: number[], now: Date, leaseUntil: Date): Promise<NoticeRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(notices)
    .set({ claimedAt: now, leaseUntil, attempts: sql`${notices.attempts} + 1` })
    .where(inArray(notices.id, ids))
    .returning();
}

export async function markNoticesSent(db: Queryable, ids: number[], now: Date): Promise<void> {
  await db
    .update(notices)
    .set({
      status: 'sent',
      sentAt: now,
      leaseUntil: null,
      lastError: null,
      // A confirmation's token is a secret: once sent it has no reason to stay in the queue.
      payload: sql`CASE WHEN ${notices.kind} = 'email_confirm' THEN '{"kind":"email_confirm"}'::jsonb ELSE ${notices.payload} END`,
    })
    .where(inArray(notices.id, ids));
}

/**
 * A late outcome (a send that took longer than the lease, while another process sent the notice)
 * never turns a sent notice back.
 */
const stillWaiting = (ids: number[]) => and(inArray(notices.id, ids), eq(notices.status, 'waiting'));

export async function failNotices(db: Queryable, ids: number[], reason: string): Promise<void> {
  await db.update(notices).set({ status: 'failed', leaseUntil: null, lastError: reason }).where(stillWaiting(ids));
}

export async function retryNoticesAt(db: Queryable, ids: number[], reason: string, at: Date): Promise<void> {
  await db.update(notices).set({ leaseUntil: null, lastError: reason, nextAttemptAt: at }).where(stillWaiting(ids));
}

/**
 * Extends the lease of a notice this process still holds (its lease is the one it claimed with);
 * false when it does not: the lease ran out and another process claimed it, or it was settled.
 */
export async function renewNoticeLease(db: Queryable, id: number, held: Date, until: Date): Promise<boolean> {
  const renewed = await db
    .update(notices)
    .set({ leaseUntil: until })
    .where(and(eq(notices.id, id), eq(notices.status, 'waiting'), eq(notices.leaseUntil, held)))
    .returning({ id: notices.id });
  return renewed.length > 0;
}

export async function countNoticesByStatus(db: Queryable) {
  return db
    .select({ status: notices.status, count: sql<number>`count(*)::int` })
    .from(notices)
    .groupBy(notices.status);
}

export async function countLinkedChats(db: Queryable): Promise<number> {
  const [linked] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(noticeContacts)
    .where(isNotNull(noticeContacts.telegramChatId));
  return Number(linked?.count ?? 0);
}

/** The newest notices, of one status when given. */
export async function listLatestNotices(db: Queryable, query: { status?: string; limit: number }) {
  return db
    .select()
    .from(notices)
    .where(query.status ? eq(notices.status, query.status) : undefined)
    .orderBy(desc(notices.id))
    .limit(query.limit);
}
