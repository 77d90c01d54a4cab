import { sharedKeys } from '../../../lib/query-keys';

/**
 * Query keys of the rentals area (catalogue, history, transactions), general to specific, so invalidating
 * a prefix refreshes everything under it.
 */
export const rentalKeys = {
  all: sharedKeys.rentals(),
  catalogue: () => [...rentalKeys.all, 'catalogue'] as const,
  stock: () => [...rentalKeys.all, 'stock'] as const,
  history: () => [...rentalKeys.all, 'history'] as const,
  transactions: sharedKeys.transactions,
  exportLinks: () => [...rentalKeys.all, 'export-links'] as const,
  usage: (proxyId: number) => [...rentalKeys.all, 'usage', proxyId] as const,
  sources: (proxyId: number) => [...rentalKeys.all, 'sources', proxyId] as const,
  /**
   * The header's copy of the history for the auto-renew warning: outside `all`, so buying or
   * extending does not refetch it on every page; the renewal controls invalidate it themselves.
   */
  renewals: () => ['renewals'] as const,
};
