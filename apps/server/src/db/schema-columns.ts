import { bigint, integer, type ReferenceConfig, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column groups most tables repeat, written once. Each gives exactly the column it replaces, so
 * the generated schema (and so the migrations) do not change.
 */

/** A 64-bit integer read as a number: ids, cents and counters stay far below 2^53. */
export const bigNumber = <TName extends string>(name: TName) => bigint(name, { mode: 'number' });

/** Every moment the shop stores is a timestamp with time zone. */
export const instant = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => instant('created_at').notNull();

/** A table's own number, given by the database (GENERATED ALWAYS AS IDENTITY) and read as a number. */
export const identityId = () => bigNumber('id').primaryKey().generatedAlwaysAsIdentity();

/** A required link to another table's row. */
export const requiredReference = <TName extends string>(
  name: TName,
  ref: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => bigNumber(name).notNull().references(ref, actions);

/**
 * A one-time code of a deep link, kept as its hash: the customers' and the operators' codes are
 * the same but for the owner's column.
 */
export const linkCodeColumns = () => ({
  codeHash: text('code_hash').primaryKey(),
  createdAt: createdAt(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/**
 * What a sender needs to claim, retry and finish one queued message. The customers' notices, the
 * operators' alerts and the bot's replies are sent by the same rules (leases, backoff, rate limits
 * counted by claims), so they keep these columns under the same names.
 */
export const deliveryColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: instant('next_attempt_at').notNull(),
  /** The last claim: rate limits count claims. */
  claimedAt: instant('claimed_at'),
  leaseUntil: instant('lease_until'),
  sentAt: instant('sent_at'),
});

/** Bytes relayed each way (client to target, target to client), as the gateway counts them. */
export const relayedBytes = () => ({
  bytesUp: bigNumber('bytes_up').notNull().default(0),
  bytesDown: bigNumber('bytes_down').notNull().default(0),
});
