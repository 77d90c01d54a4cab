import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigNumber, createdAt, identityId, instant, requiredReference } from '../schema-columns';

/** A customer, known by a hash of their API key; the wallet in cents, never below zero. */
export const users = pgTable(
  'users',
  {
    id: identityId(),
    /** SHA-256 of the API key; the key itself is shown once at sign-up and never stored. */
    apiKeyHash: text('api_key_hash').notNull().unique(),
    referralKey: text('referral_key').notNull().unique(),
    referredBy: bigNumber('referred_by').references((): AnyPgColumn => users.id),
    balanceCents: bigNumber('balance_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_balance_not_negative', sql`${t.balanceCents} >= 0`),
    check('users_not_own_referrer', sql`${t.referredBy} IS NULL OR ${t.referredBy} <> ${t.id}`),
    index('users_referred_by_idx').on(t.referredBy),
  ],
);

/**
 * Browser sessions. At most one open session per user, enforced by a
 * partial unique index, so a second login must end the first in the same transaction.
 */
export const browserSessions = pgTable(
  'browser_sessions',
  {
    id: identityId(),
    userId: requiredReference('user_id', () => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie value. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    endedAt: instant('ended_at'),
    endedReason: text('ended_reason'),
  },
  (t) => [
    uniqueIndex('browser_sessions_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);
