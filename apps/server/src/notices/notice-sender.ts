import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { backoffMs, LEASE_MS, lockTelegramBudget, MAX_ATTEMPTS, TELEGRAM_PER_SECOND } from './delivery';
import { MailError, type Mailer } from './mailer';
import { queueExpiryWarnings } from './notice-queue';
import {
  claimNotices,
  clearContactChat,
  failNotices,
  findContact,
  lockDueEmailNoticeIds,
  lockDueTelegramNotices,
  markNoticesSent,
  renewNoticeLease,
  retryNoticesAt,
  type NoticeRow,
} from './notices-repository';
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

const leaseFrom = (now: Date) => new Date(now.getTime() + LEASE_MS);

/**
 * Claims the Telegram messages this second allows: at most 30 a second over every process (the
 * claims of the last second are counted under one advisory lock) and one per chat, where a
 * customer's expiry warnings due together make one message (a group).
 */
async function claimTelegram(db: Database, now: Date): Promise<NoticeRow[][]> {
  const claimed = await db.transaction(async (tx) => {
    const recent = await lockTelegramBudget(tx, now);
    const busy = recent.customers;
    let budget = TELEGRAM_PER_SECOND - recent.count;
    if (budget <= 0) return [];
    const candidates = await lockDueTelegramNotices(tx, now);
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
    const rows = await claimNotices(
      tx,
      [...chosen.values()].flatMap((group) => group.ids),
      now,
      leaseFrom(now),
    );
    return [...chosen.values()].map((group) => rows.filter((row) => group.ids.includes(row.id)));
  });
  return claimed.filter((group) => group.length > 0);
}

/** Claims due e-mails, oldest first: the order they are sent in (RETURNING keeps none). */
async function claimEmails(db: Database, now: Date): Promise<NoticeRow[]> {
  const rows = await db.transaction(async (tx) =>
    claimNotices(tx, await lockDueEmailNoticeIds(tx, now, EMAILS_PER_ROUND), now, leaseFrom(now)),
  );
  return rows.sort((a, b) => a.id - b.id);
}

const idsOf = (group: NoticeRow[]) => group.map((row) => row.id);

async function markSent(deps: NoticeSenderDeps, group: NoticeRow[]): Promise<void> {
  await markNoticesSent(deps.db, idsOf(group), deps.clock.now());
}

/** Late outcomes never turn a sent notice back: only waiting rows are failed or retried. */
async function markFailed(deps: NoticeSenderDeps, group: NoticeRow[], reason: string): Promise<void> {
  await failNotices(deps.db, idsOf(group), reason);
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
  await retryNoticesAt(deps.db, idsOf(group), reason, new Date(deps.clock.now().getTime() + waitMs));
  return 'retried';
}

type Outcome = 'sent' | 'retried' | 'failed';

async function sendTelegram(deps: NoticeSenderDeps, telegram: TelegramApi, group: NoticeRow[]): Promise<Outcome> {
  const first = group[0];
  if (!first) return 'failed';
  const contact = await findContact(deps.db, first.userId);
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
      await clearContactChat(deps.db, { userId: first.userId });
    }
    await markFailed(deps, group, error.message);
    return 'failed';
  }
  await markSent(deps, group);
  return 'sent';
}

/**
 * Sends one claimed e-mail, or nothing (null) when its lease is no longer this process's. A round
 * sends its e-mails one after another, each over SMTP that may take seconds: the lease is renewed
 * before each, so that one taken over meanwhile by another process is not sent twice.
 */
async function sendEmail(deps: NoticeSenderDeps, mailer: Mailer, row: NoticeRow): Promise<Outcome | null> {
  if (!row.leaseUntil || !(await renewNoticeLease(deps.db, row.id, row.leaseUntil, leaseFrom(deps.clock.now())))) {
    return null;
  }
  const contact = await findContact(deps.db, row.userId);
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
    for (const row of rows) {
      const outcome = await sendEmail(deps, mailer, row);
      if (outcome) count(outcome);
    }
  }
  return result;
}
