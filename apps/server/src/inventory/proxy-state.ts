import type { DiscoveryState, InventoryState } from '@portal/contract';

/**
 * What an unscored proxy (no IPQS key, or the month's budget used up) carries as its fraud
 * score: 0, the full price (no discount without evidence), in the browser and on the server alike.
 */
export const UNSCORED_FRAUD_SCORE = 0;

/** One state per proxy for the operator: the operator's switch first, then a rental, then discovery. */
export function inventoryState(enabled: boolean, rented: boolean, discovery: DiscoveryState): InventoryState {
  if (!enabled) return 'disabled';
  if (rented) return 'rented';
  return discovery === 'listed' ? 'free' : discovery;
}
