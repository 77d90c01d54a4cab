/**
 * Query keys more than one feature reads or refreshes, general to specific. They live here, not
 * in a feature, because features import no other feature: buying, refunding, a gift card and a
 * settled payment all refresh the same wallet and rentals, from four places.
 */
export const sharedKeys = {
  /** The balance; the wallet's activity list is kept under it, so refreshing one refreshes both. */
  wallet: () => ['account', 'wallet'] as const,
  /** Everything the balance or a rental changes: the catalogue's answers, the history, the transactions. */
  rentals: () => ['rentals'] as const,
  transactions: () => [...sharedKeys.rentals(), 'transactions'] as const,
};
