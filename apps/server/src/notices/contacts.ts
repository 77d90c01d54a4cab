import { LANGUAGES, NOTICE_TOPICS, type Language, type NoticeSettings, type NoticeTopic } from '@portal/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { noticeContacts, telegramLinkCodes } from '../db/schema';
import { DomainError } from '../errors';
import { hashSecret, randomToken } from '../lib/secrets';
import { dropWaiting, queueEmailConfirmation } from './notice-queue';
import { issueDeepLink } from './deep-link';
import type { TelegramApi } from './telegram-api';

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

/** The customer's contact row, made with defaults when missing; the language kept unless one is given. */
async function upsertContact(tx: Queryable, userId: number, language: Language | undefined) {
  await tx
    .insert(noticeContacts)
    .values({ userId, language: language ?? null })
    .onConflictDoUpdate({
      target: noticeContacts.userId,
      set: { language: language ? language : sql`${noticeContacts.language}` },
    });
}

export async function noticeSettings(deps: ContactsDeps, userId: number): Promise<NoticeSettings> {
  const [contact] = await deps.db.select().from(noticeContacts).where(eq(noticeContacts.userId, userId));
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
    await tx
      .delete(telegramLinkCodes)
      .where(and(eq(telegramLinkCodes.userId, userId), isNull(telegramLinkCodes.usedAt)));
    await tx.insert(telegramLinkCodes).values({ ...code, userId });
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
    const [used] = await tx
      .update(telegramLinkCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(telegramLinkCodes.codeHash, hashSecret(code)),
          isNull(telegramLinkCodes.usedAt),
          gt(telegramLinkCodes.expiresAt, now),
        ),
      )
      .returning({ userId: telegramLinkCodes.userId });
    if (!used) return null;
    await tx
      .update(noticeContacts)
      .set({ telegramChatId: null, telegramLinkedAt: null })
      .where(eq(noticeContacts.telegramChatId, chatId));
    await upsertContact(tx, used.userId, undefined);
    await tx
      .update(noticeContacts)
      .set({
        telegramChatId: chatId,
        telegramLinkedAt: now,
        language: sql`coalesce(${noticeContacts.language}, ${portalLanguage(telegramLanguage)})`,
      })
      .where(eq(noticeContacts.userId, used.userId));
    return used.userId;
  });
}

export async function unlinkTelegram(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(noticeContacts)
      .set({ telegramChatId: null, telegramLinkedAt: null })
      .where(eq(noticeContacts.userId, userId));
    await dropWaiting(tx, userId, 'telegram', 'the customer disconnected Telegram');
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
    await tx
      .update(noticeContacts)
      .set({
        email,
        emailTokenHash: tokenHash,
        emailTokenExpiresAt: new Date(now.getTime() + EMAIL_TOKEN_MS),
        emailConfirmedAt: null,
      })
      .where(eq(noticeContacts.userId, userId));
    await dropWaiting(tx, userId, 'email', 'the customer changed the e-mail address');
    await queueEmailConfirmation(tx, userId, { address: email, tokenHash, token, at: now });
  });
}

export async function confirmEmail(deps: { db: Database; clock: Clock }, token: string): Promise<void> {
  const now = deps.clock.now();
  const [confirmed] = await deps.db
    .update(noticeContacts)
    .set({ emailConfirmedAt: now, emailTokenHash: null, emailTokenExpiresAt: null })
    .where(and(eq(noticeContacts.emailTokenHash, hashSecret(token)), gt(noticeContacts.emailTokenExpiresAt, now)))
    .returning({ userId: noticeContacts.userId });
  if (!confirmed) throw new DomainError('EMAIL_TOKEN_INVALID');
}

export async function setEmailTopics(db: Database, userId: number, topics: NoticeTopic[]): Promise<void> {
  const changed = await db
    .update(noticeContacts)
    .set({ emailTopics: [...new Set(topics)] })
    .where(and(eq(noticeContacts.userId, userId), sql`${noticeContacts.email} IS NOT NULL`))
    .returning({ userId: noticeContacts.userId });
  if (changed.length === 0) throw new DomainError('EMAIL_NOT_SET');
}

export async function removeEmail(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
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
    await dropWaiting(tx, userId, 'email', 'the customer removed the e-mail address');
  });
}
