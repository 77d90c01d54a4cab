/**
 * The wallet's balance is a column of the customer's row, so its queries are this area's. The bot
 * reads it for /balance. The ledger alone changes it, and only beside the ledger row that explains
 * the change, in the same transaction, after locking it so concurrent changes queue.
 */
export { addToBalance, findBalanceCents, lockUserBalance } from './accounts-repository';
