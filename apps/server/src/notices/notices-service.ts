import {
  LANGUAGES,
  NOTICE_STATUSES,
  NOTICE_TOPICS,
  type AdminNotice,
  type AdminNoticesResponse,
  type BroadcastRequestSchema,
  type Language,
  type NoticeSettings,
  type NoticeTopic,
  utcDate,
} from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DomainError } from '../errors';
import { hashSecret, randomToken } from '../lib/secrets';
import { addNewsIn, type NewsDeps } from '../news/news-service';
import { issueDeepLink } from './deep-link';
import { queueNoticeToAll } from './notice-queue';
import {
  clearContactChat,
  clearEmail,
  confirmEmailByTokenHash,
  countLinkedChats,
  countNoticesByStatus,
  failWaitingNotices,
  findContact,
  insertNotices,
  listLatestNotices,
  replaceTelegramLinkCode,
  setContactChat,
  setUnconfirmedEmail,
  spendTelegramLinkCode,
  updateEmailTopics,
  upsertContact,
} from './notices-repository';
import { TelegramApi } from './telegram-api';

/**
 * What other areas queue: a notice to a customer when their own action or a job changes a rental or
 * a payment, and a one-off alert to the operators. Queued in the caller's transaction, so a notice
 * goes out only for what committed.
 */
export { queueNotice, rentalLabel } from './notice-queue';
export { queueRenewalFailed, queueRenewed } from './renewal-notices';
export type { RenewFailureCause } from './notice-events';
export { queueOneOffAlert } from './operator-alerts';

export function telegramApiOf(config: Pick<Config, 'notices'>): TelegramApi | null {
  const telegram = config.notices.telegram;
  return telegram ? new TelegramApi(telegram.token, telegram.apiUrl) : null;
}

export interface ContactsDeps {
  db: Database;
  clock: Clock;
  telegram: TelegramApi | null;
  emailAvailable: boolean;
}

/** The confirmation link of an address works a day. */
export const EMAIL_TOKEN_MS = 24 * 3_600_000;

/** Telegram's `language_code` (an IETF tag) as one of the portal's languages, if it is one. */
export function portalLanguage(code: string | undefined | null): Language | null {
  if (!code) return null;
  const lower = code.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  return LANGUAGES.find((language) => language === lower.split('-')[0]) ?? null;
}

export async function noticeSettings(deps: ContactsDeps, userId: number): Promise<NoticeSettings> {
  const contact = await findContact(deps.db, userId);
  return {
    success: true,
    telegram: { available: deps.telegram !== null, linked: Boolean(contact?.telegramChatId) },
    email: {
      available: deps.emailAvailable,
      address: contact?.email ?? null,
      confirmed: Boolean(contact?.emailConfirmedAt),
      topics: (contact?.emailTopics ?? [...NOTICE_TOPICS]).filter((topic): topic is NoticeTopic =>
        (NOTICE_TOPICS as readonly string[]).includes(topic),
      ),
    },
  };
}

/** A one-time deep link to the bot that links the chat it is opened in to this customer. */
export async function createTelegramLink(
  deps: ContactsDeps,
  userId: number,
  language: Language | undefined,
): Promise<string> {
  return issueDeepLink(deps, async (tx, code) => {
    await upsertContact(tx, userId, language);
    await replaceTelegramLinkCode(tx, userId, code);
  });
}

/**
 * Links a chat with a deep link's code: answers the customer, or null when the code is unknown,
 * used or expired (nothing is linked then). A chat linked to another account moves to this one.
 */
export async function linkChat(
  deps: { db: Database; clock: Clock },
  code: string,
  chatId: number,
  telegramLanguage: string | undefined,
): Promise<number | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const userId = await spendTelegramLinkCode(tx, hashSecret(code), now);
    if (userId === null) return null;
    await clearContactChat(tx, { chatId });
    await upsertContact(tx, userId, undefined);
    await setContactChat(tx, userId, { chatId, linkedAt: now, language: portalLanguage(telegramLanguage) });
    return userId;
  });
}

export async function unlinkTelegram(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await clearContactChat(tx, { userId });
    await failWaitingNotices(tx, userId, 'telegram', 'the customer disconnected Telegram');
  });
}

/** Sets a new address (unconfirmed until its link is opened) and queues its confirmation. */
export async function setEmail(
  deps: ContactsDeps,
  userId: number,
  email: string,
  language: Language | undefined,
): Promise<void> {
  if (!deps.emailAvailable) throw new DomainError('EMAIL_NOT_CONFIGURED');
  const token = randomToken(24);
  const tokenHash = hashSecret(token);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await upsertContact(tx, userId, language);
    await setUnconfirmedEmail(tx, userId, {
      address: email,
      tokenHash,
      tokenExpiresAt: new Date(now.getTime() + EMAIL_TOKEN_MS),
    });
    await failWaitingNotices(tx, userId, 'email', 'the customer changed the e-mail address');
    // The confirmation goes to the address given, confirmed or not.
    await insertNotices(tx, [
      {
        userId,
        eventKey: `email_confirm:${tokenHash}`,
        channel: 'email',
        kind: 'email_confirm',
        payload: { kind: 'email_confirm', token },
        address: email,
        createdAt: now,
        nextAttemptAt: now,
      },
    ]);
  });
}

export async function confirmEmail(deps: { db: Database; clock: Clock }, token: string): Promise<void> {
  if (!(await confirmEmailByTokenHash(deps.db, hashSecret(token), deps.clock.now()))) {
    throw new DomainError('EMAIL_TOKEN_INVALID');
  }
}

export async function setEmailTopics(db: Database, userId: number, topics: NoticeTopic[]): Promise<void> {
  if (!(await updateEmailTopics(db, userId, [...new Set(topics)]))) throw new DomainError('EMAIL_NOT_SET');
}

export async function removeEmail(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await clearEmail(tx, userId);
    await failWaitingNotices(tx, userId, 'email', 'the customer removed the e-mail address');
  });
}

/** The console's view of the queue: how many are in each state, and the latest rows with their reasons. */
export async function listNotices(
  deps: Pick<NewsDeps, 'db'>,
  query: { status?: AdminNotice['status']; limit: number },
): Promise<Omit<AdminNoticesResponse, 'success'>> {
  const grouped = await countNoticesByStatus(deps.db);
  const counts = Object.fromEntries(NOTICE_STATUSES.map((status) => [status, 0])) as AdminNoticesResponse['counts'];
  for (const row of grouped) counts[row.status as AdminNotice['status']] = Number(row.count);
  const telegramLinked = await countLinkedChats(deps.db);
  const rows = await listLatestNotices(deps.db, query);
  return {
    counts,
    telegramLinked,
    notices: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      kind: row.kind as AdminNotice['kind'],
      channel: row.channel as AdminNotice['channel'],
      status: row.status as AdminNotice['status'],
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      nextAttemptAt: row.nextAttemptAt.toISOString(),
    })),
  };
}

export type BroadcastInput = z.output<typeof BroadcastRequestSchema>;
/** The news item made and how many Telegram messages were queued with it. */
export interface Broadcasted {
  newsId: string;
  queued: number;
}

/**
 * A news item and, when asked, the same text to every linked Telegram chat, in one transaction:
 * the item, its notices and both audit rows are there together or not at all. The messages go out
 * at the queue's pace: within Telegram's 30 a second.
 */
export async function broadcast(deps: NewsDeps, actor: AuditActor, input: BroadcastInput): Promise<Broadcasted> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { title, content, important } = input;
    const item = await addNewsIn(tx, actor, { title, content, important, date: utcDate(now) }, now);
    if (!input.telegram) return { newsId: item._id, queued: 0 };
    const queued = await queueNoticeToAll(
      tx,
      { kind: 'broadcast', title, content },
      { key: `broadcast:${item._id}`, at: now },
    );
    await recordAudit(tx, {
      actor,
      action: 'notices.broadcast',
      details: { newsId: Number(item._id), telegram: queued },
      at: now,
    });
    return { newsId: item._id, queued };
  });
}
