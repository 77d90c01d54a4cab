import { NOTICE_CHANNELS, NOTICE_STATUSES, NOTICE_TOPICS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredPayload } from '../../notices/notice-events';
import { users } from './accounts';
import { operators } from './admin';
import { inList } from '../sql-lists';
import {
  bigNumber,
  createdAt,
  deliveryColumns,
  identityId,
  instant,
  linkCodeColumns,
  requiredReference,
} from '../schema-columns';

const statusList = inList(NOTICE_STATUSES);

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
    check('notices_status_known', sql`${t.status} IN (${statusList})`),
  ],
);

/** An operator's own Telegram chat, where operator alerts go (a chat belongs to one operator). */
export const operatorChats = pgTable('operator_chats', {
  operatorId: bigNumber('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  chatId: bigNumber('chat_id').notNull().unique(),
  linkedAt: instant('linked_at').notNull(),
  /** The language the operator's Telegram app reported at linking (one of the portal's); null: English. */
  language: text('language'),
});

/** One-time codes of operators' deep links, stored hashed, like the customers' ones. */
export const operatorLinkCodes = pgTable(
  'operator_link_codes',
  {
    ...linkCodeColumns(),
    operatorId: requiredReference('operator_id', () => operators.id, { onDelete: 'cascade' }),
  },
  (t) => [index('operator_link_codes_operator_idx').on(t.operatorId)],
);

/**
 * Each alert kind's episode as the shop sees it, over every API process: the first process to
 * raise a kind that is not raised starts episode N+1 and queues its messages; the others' raises
 * of the same episode queue nothing. Likewise the first clear.
 */
export const operatorAlertState = pgTable('operator_alert_state', {
  kind: text('kind').primaryKey(),
  episode: bigNumber('episode').notNull().default(0),
  raised: boolean('raised').notNull().default(false),
  changedAt: instant('changed_at').notNull(),
});

/**
 * The queue of operator alerts for Telegram: one row per operator and event (`<kind>:<episode>:
 * <raised|cleared>`), claimed and retried by the rules of the customers' `notices` queue.
 */
export const operatorAlertNotices = pgTable(
  'operator_alert_notices',
  {
    id: identityId(),
    operatorId: requiredReference('operator_id', () => operators.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('waiting'),
    createdAt: createdAt(),
    /** The chat a sender claimed the row for: Telegram's per-chat limit counts claims. */
    chatId: bigNumber('chat_id'),
    ...deliveryColumns(),
  },
  (t) => [
    uniqueIndex('operator_alert_notices_operator_event').on(t.operatorId, t.eventKey),
    index('operator_alert_notices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'waiting'`),
    index('operator_alert_notices_claimed_idx').on(t.claimedAt),
    check('operator_alert_notices_status_known', sql`${t.status} IN (${statusList})`),
  ],
);
