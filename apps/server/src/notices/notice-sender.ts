import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { noticeContacts, notices } from '../db/schema';
import { backoffMs, LEASE_MS, MAX_ATTEMPTS, PER_CHAT_MS, TELEGRAM_PER_SECOND, telegramClaimsSince } from './delivery';
import { MailError, type Mailer } from './mailer';
import { queueExpiryWarnings } from './notice-queue';
import { renderNotices } from './render';
import { TelegramError, type TelegramApi } from './telegram-api';

export interface NoticeSenderDeps {
  db: Database;
  clock: Clock;
  telegram: TelegramApi | null;
  mailer: Mailer | null;
  publicUrl: string;
}

const EMAILS_PER_ROUND = 20;

type NoticeRow = typeof notices.$inferSelect;

const due = (now: Date) =>
  and(
    eq(notices.status, 'waiting'),
    lte(notices.nextAttemptAt, now),
    or(isNull(notices.leaseUntil), lt(notices.leaseUntil, now)),
  );

async function claim(db: Queryable, ids: number[], now: Date): Promise<NoticeRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(notices)
    .set({ claimedAt: now, leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${notices.attempts} + 1` })
    .where(inArray(notices.id, ids))
    .returning();
}

/**
 * Claims the Telegram messages this second allows: at most 30 a second over every process (the
 * claims of the last second are counted under one advisory lock) and one per chat, where a
 * customer's expiry warnings due together make one message (a group).
 */
async function claimTelegram(db: Database, now: Date): Promise<NoticeRow[][]> {
  const claimed = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.telegramClaims})`);
    const secondAgo = new Date(now.getTime() - PER_CHAT_MS);
    const recent = await telegramClaimsSince(tx, secondAgo);
    const busy = recent.customers;
    let budget = TELEGRAM_PER_SECOND - recent.count;
    if (budget <= 0) return [];
    const candidates = await tx
      .select({ id: notices.id, userId: notices.userId, kind: notices.kind, chatId: noticeContacts.telegramChatId })
      .from(notices)
      .leftJoin(noticeContacts, eq(noticeContacts.userId, notices.userId))
      .where(and(due(now), eq(notices.channel, 'telegram')))
      .orderBy(asc(notices.id))
      .limit(500)
      .for('update', { of: notices, skipLocked: true });
    const chosen = new Map<number, { kind: string; ids: number[] }>();
    for (const row of candidates) {
      const group = chosen.get(row.userId);
      if (group) {
        if (group.kind === row.kind && row.kind.startsWith('expiry_')) group.ids.push(row.id);
        continue;
      }
      if (busy.has(row.userId) || (row.chatId !== null && recent.chats.has(row.chatId)) || budget <= 0) continue;
      chosen.set(row.userId, { kind: row.kind, ids: [row.id] });
      budget -= 1;
    }
    const rows = await claim(
      tx,
      [...chosen.values()].flatMap((group) => group.ids),
      now,
    );
    return [...chosen.values()].map((group) => rows.filter((row) => group.ids.includes(row.id)));
  });
  return claimed.filter((group) => group.length > 0);
}

async function claimEmails(db: Database, now: Date): Promise<NoticeRow[]> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: notices.id })
      .from(notices)
      .where(and(due(now), eq(notices.channel, 'email')))
      .orderBy(asc(notices.id))
      .limit(EMAILS_PER_ROUND)
      .for('update', { skipLocked: true });
    return claim(
      tx,
      candidates.map((row) => row.id),
      now,
    );
  });
}

async function markSent(deps: NoticeSenderDeps, group: NoticeRow[]): Promise<void> {
  const ids = group.map((row) => row.id);
  await deps.db
    .update(notices)
    .set({
      status: 'sent',
      sentAt: deps.clock.now(),
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
const stillWaiting = (group: NoticeRow[]) =>
  and(
    inArray(
      notices.id,
      group.map((row) => row.id),
    ),
    eq(notices.status, 'waiting'),
  );

async function markFailed(deps: NoticeSenderDeps, group: NoticeRow[], reason: string): Promise<void> {
  await deps.db
    .update(notices)
    .set({ status: 'failed', leaseUntil: null, lastError: reason })
    .where(stillWaiting(group));
}

/** Due again after `retryAfterMs`, or, without one, after a backoff that doubles per attempt (at most an hour). */
async function markRetry(
  deps: NoticeSenderDeps,
  group: NoticeRow[],
  reason: string,
  retryAfterMs?: number,
): Promise<'retried' | 'failed'> {
  const attempts = Math.max(...group.map((row) => row.attempts));
  if (retryAfterMs === undefined && attempts >= MAX_ATTEMPTS) {
    await markFailed(deps, group, `${reason} (gave up after ${attempts} attempts)`);
    return 'failed';
  }
  const waitMs = retryAfterMs ?? backoffMs(attempts);
  await deps.db
    .update(notices)
    .set({ leaseUntil: null, lastError: reason, nextAttemptAt: new Date(deps.clock.now().getTime() + waitMs) })
    .where(stillWaiting(group));
  return 'retried';
}

type Outcome = 'sent' | 'retried' | 'failed';

async function sendTelegram(deps: NoticeSenderDeps, telegram: TelegramApi, group: NoticeRow[]): Promise<Outcome> {
  const first = group[0];
  if (!first) return 'failed';
  const [contact] = await deps.db.select().from(noticeContacts).where(eq(noticeContacts.userId, first.userId));
  if (!contact?.telegramChatId) {
    await markFailed(deps, group, 'the customer disconnected Telegram');
    return 'failed';
  }
  const { text } = renderNotices(
    contact.language,
    group.map((row) => row.payload),
    { publicUrl: deps.publicUrl, forEmail: false },
  );
  try {
    await telegram.sendMessage(contact.telegramChatId, text);
  } catch (error) {
    if (!(error instanceof TelegramError)) throw error;
    if (error.code === 429) return markRetry(deps, group, error.message, (error.retryAfter ?? 1) * 1000);
    if (error.transient) return markRetry(deps, group, error.message);
    // 403: the customer blocked the bot or deleted the chat; nothing will reach it any more.
    if (error.code === 403) {
      await deps.db
        .update(noticeContacts)
        .set({ telegramChatId: null, telegramLinkedAt: null })
        .where(eq(noticeContacts.userId, first.userId));
    }
    await markFailed(deps, group, error.message);
    return 'failed';
  }
  await markSent(deps, group);
  return 'sent';
}

async function sendEmail(deps: NoticeSenderDeps, mailer: Mailer, row: NoticeRow): Promise<Outcome> {
  const [contact] = await deps.db.select().from(noticeContacts).where(eq(noticeContacts.userId, row.userId));
  // A confirmation goes to the address it was made for, while that is still the one waiting;
  // everything else only to a confirmed address.
  const to =
    row.kind === 'email_confirm'
      ? contact?.email === row.address && !contact?.emailConfirmedAt
        ? row.address
        : null
      : contact?.emailConfirmedAt
        ? contact.email
        : null;
  if (!to) {
    await markFailed(deps, [row], 'no confirmed e-mail address');
    return 'failed';
  }
  const message = renderNotices(contact?.language ?? null, [row.payload], {
    publicUrl: deps.publicUrl,
    forEmail: true,
  });
  try {
    await mailer.send({ to, ...message });
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    if (error.permanent) {
      await markFailed(deps, [row], error.message);
      return 'failed';
    }
    return markRetry(deps, [row], error.message);
  }
  await markSent(deps, [row]);
  return 'sent';
}

/**
 * One round of the notice queue: queues the expiry warnings now due, then sends what is due on
 * each configured channel. Several processes may run rounds at once: each notice is claimed by one.
 */
export async function runNoticeRound(deps: NoticeSenderDeps, signal?: AbortSignal) {
  const result = { queued: 0, sent: 0, retried: 0, failed: 0 };
  result.queued = await queueExpiryWarnings(deps);
  const count = (outcome: Outcome) => (result[outcome] += 1);
  const now = deps.clock.now();
  const { telegram, mailer } = deps;
  if (telegram && !signal?.aborted) {
    const groups = await claimTelegram(deps.db, now);
    for (const outcome of await Promise.all(groups.map((group) => sendTelegram(deps, telegram, group)))) count(outcome);
  }
  if (mailer && !signal?.aborted) {
    const rows = await claimEmails(deps.db, now);
    for (const row of rows) count(await sendEmail(deps, mailer, row));
  }
  return result;
}
