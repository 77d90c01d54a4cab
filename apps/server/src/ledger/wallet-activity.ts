import { centsToDollars, WALLET_ACTIVITY_LIMIT, type LedgerKind, type WalletActivity } from '@portal/contract';
import type { Queryable } from '../db/client';
import { newestLedgerRows } from './ledger-repository';

/**
 * The customer's newest ledger rows, newest first: every balance change with the balance after it,
 * so the wallet can be explained line by line. Operators' reasons stay out: they are notes for
 * the console, not messages to the customer.
 */
export async function walletActivity(db: Queryable, userId: number): Promise<WalletActivity[]> {
  const rows = await newestLedgerRows(db, userId, WALLET_ACTIVITY_LIMIT);
  return rows.map((row) => ({
    date: row.createdAt.toISOString(),
    // The table's kinds are the contract's: every write goes through postEntry with a LedgerKind.
    kind: row.kind as LedgerKind,
    amount: centsToDollars(row.amountCents),
    balance: centsToDollars(row.balanceAfterCents),
  }));
}
