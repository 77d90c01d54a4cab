import { NOTICE_CHANNELS, NOTICE_STATUSES, NOTICE_TOPICS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredPayload } from '../notices/notice-events';
import { users } from './schema-accounts';
import { inList } from './sql-lists';
import {
  bigNumber,
  createdAt,
  deliveryColumns,
  identityId,
  instant,
  linkCodeColumns,
  requiredReference,
} from './schema-columns';

/**
 * How a customer is reached: a linked Telegram chat, an e-mail address (used only once
 * confirmed) and the language notices are written in. One row per customer who set any of them.
 */
export const noticeContacts = pgTable(
  'notice_contacts',
  {
    userId: bigNumber('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the contract's LANGUAGES, from the browser or the Telegram client; null: English. */
    language: text('language'),
    telegramChatId: bigNumber('telegram_chat_id').unique(),
    telegramLinkedAt: instant('telegram_linked_at'),
    email: text('email'),
    /** SHA-256 of the confirmation link's token; null once confirmed. */
    emailTokenHash: text('email_token_hash').unique(),
    emailTokenExpiresAt: instant('email_token_expires_at'),
    emailConfirmedAt: instant('email_confirmed_at'),
    /** The topics sent by e-mail (all by default). */
    emailTopics: text('email_topics')
      .array()
      .notNull()
      .default(sql.raw(`ARRAY[${inList(NOTICE_TOPICS)}]::text[]`)),
  },
  (t) => [check('notice_contacts_confirmed_has_email', sql`${t.emailConfirmedAt} IS NULL OR ${t.email} IS NOT NULL`)],
);

/** One-time codes of Telegram deep links, stored hashed; a used or expired code links nothing. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    ...linkCodeColumns(),
    userId: requiredReference('user_id', () => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('telegram_link_codes_user_idx').on(t.userId)],
);

/**
 * The bot's long polling: which process polls (a lease, since Telegram allows one getUpdates at a
 * time) and the next update to ask for, so a restart neither repeats nor skips updates.
 */
export const telegramPoller = pgTable('telegram_poller', {
  id: integer('id').primaryKey(),
  updateOffset: bigNumber('update_offset').notNull().default(0),
  owner: text('owner'),
  leaseUntil: instant('lease_until'),
});

/**
 * The bot's replies, one row per chat: `text` is the answer waiting to be sent (null when none
 * waits); a newer answer replaces it and bumps `version`, so a send that raced it leaves the newer
 * one waiting. Claimed and retried as the notices are, within the same rate limits.
 */
export const telegramReplies = pgTable(
  'telegram_replies',
  {
    chatId: bigNumber('chat_id').primaryKey(),
    text: text('text'),
    version: integer('version').notNull().default(0),
    /** A chat's next reply also waits a few seconds after the last claim. */
    ...deliveryColumns(),
  },
  (t) => [
    index('telegram_replies_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.text} IS NOT NULL`),
    index('telegram_replies_claimed_idx').on(t.claimedAt),
  ],
);

/**
 * The notice queue: one row per customer, event and channel (`event_key` names the event), so it is queued
 * once whatever retries its cause makes. Sender processes claim due rows with FOR UPDATE SKIP
 * LOCKED and a lease; a row survives any crash and is retried until sent or given up.
 */
export const notices = pgTable(
  'notices',
  {
    id: identityId(),
    userId: requiredReference('user_id', () => users.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<StoredPayload>().notNull(),
    /** Set for e-mail confirmations: the (unconfirmed) address they go to. */
    address: text('address'),
    status: text('status').notNull().default('waiting'),
    createdAt: createdAt(),
    ...deliveryColumns(),
  },
  (t) => [
    uniqueIndex('notices_user_event_channel').on(t.userId, t.eventKey, t.channel),
    index('notices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'waiting'`),
    index('notices_claimed_idx').on(t.channel, t.claimedAt),
    check('notices_channel_known', sql`${t.channel} IN (${inList(NOTICE_CHANNELS)})`),
    check('notices_status_known', sql`${t.status} IN (${inList(NOTICE_STATUSES)})`),
  ],
);
