import { NOTICE_STATUSES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './schema-operators';
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

const statusList = inList(NOTICE_STATUSES);

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
