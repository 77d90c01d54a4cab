import { LEDGER_KINDS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigNumber, createdAt, identityId, requiredReference } from '../schema-columns';
import { inList } from '../sql-lists';
import { users } from './accounts';
import { giftcards, payments } from './payments';
import { rentalOrders, rentals } from './rentals';

/**
 * Append-only wallet ledger: every balance change is one row, written in the
 * transaction that changes the balance. Unique references make each event count once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: identityId(),
    userId: requiredReference('user_id', () => users.id),
    kind: text('kind').notNull(),
    /** Signed: credits positive, debits negative. */
    amountCents: bigNumber('amount_cents').notNull(),
    balanceAfterCents: bigNumber('balance_after_cents').notNull(),
    orderId: bigNumber('order_id').references(() => rentalOrders.id),
    rentalId: bigNumber('rental_id').references(() => rentals.id),
    paymentId: text('payment_id').references(() => payments.id),
    giftcardId: bigNumber('giftcard_id').references(() => giftcards.id),
    /** Free text: the operator's reason for an adjustment, or what caused an automatic entry. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('ledger_entries_order_once').on(t.orderId),
    uniqueIndex('ledger_entries_refund_once')
      .on(t.rentalId)
      .where(sql`${t.kind} = 'refund'`),
    // Each payment is credited once, and rewards its referrer once.
    uniqueIndex('ledger_entries_deposit_once')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'deposit'`),
    uniqueIndex('ledger_entries_referral_reward_once')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'referral_reward'`),
    uniqueIndex('ledger_entries_giftcard_once').on(t.giftcardId),
    check('ledger_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
    check('ledger_entries_balance_not_negative', sql`${t.balanceAfterCents} >= 0`),
    check('ledger_entries_kind_known', sql`${t.kind} IN (${inList(LEDGER_KINDS)})`),
  ],
);
