/**
 * The wallet's balance is a column of the customer's row, so its queries are this area's. The
 * ledger is their one caller: it changes a balance only beside the ledger row that explains the
 * change, in the same transaction, and locks it first so concurrent changes queue.
 */
export { addToBalance, lockUserBalance } from './accounts-repository';
