import { PAYMENT_STATUS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigNumber, createdAt, identityId, instant, requiredReference } from '../schema-columns';
import { inList } from '../sql-lists';
import { users } from './accounts';

/**
 * Wallet top-ups through a payment provider. `id` is the payment's public uuid and the provider's
 * order id; the provider's own invoice id is unique per provider.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** The method the customer pays with, e.g. BTC or LTC. */
    method: text('method').notNull(),
    amountCents: bigNumber('amount_cents').notNull(),
    /** pending, paid or fail */
    status: text('status').notNull(),
    /** The provider's own status word, reported to the client while pending. */
    providerStatus: text('provider_status').notNull(),
    url: text('url').notNull().default(''),
    creditedCents: bigNumber('credited_cents'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    lastCheckedAt: instant('last_checked_at'),
    checkLeaseUntil: instant('check_lease_until'),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_unique').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_status_idx').on(t.status),
    check('payments_status_known', sql`${t.status} IN (${inList(Object.values(PAYMENT_STATUS))})`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Operator-made codes worth an amount, each redeemable once. */
export const giftcards = pgTable(
  'giftcards',
  {
    id: identityId(),
    /** Normalized: upper case, no separators. */
    code: text('code').notNull().unique(),
    amountCents: bigNumber('amount_cents').notNull(),
    createdAt: createdAt(),
    redeemedBy: bigNumber('redeemed_by').references(() => users.id),
    redeemedAt: instant('redeemed_at'),
  },
  (t) => [check('giftcards_amount_positive', sql`${t.amountCents} > 0`)],
);
