import { walletActivityEndpoint, type WalletActivity } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

export async function getWalletActivity(signal?: AbortSignal): Promise<WalletActivity[]> {
  const answer = await callEndpoint(walletActivityEndpoint, { signal });
  return answer.activity;
}

/**
 * Kept under the wallet's key: everything that changes the balance invalidates the wallet, and so
 * this list with it.
 */
export function getWalletActivityQueryOptions() {
  return queryOptions({
    queryKey: [...sharedKeys.wallet(), 'activity'] as const,
    queryFn: ({ signal }) => getWalletActivity(signal),
  });
}

export function useWalletActivity() {
  return useQuery(getWalletActivityQueryOptions());
}
