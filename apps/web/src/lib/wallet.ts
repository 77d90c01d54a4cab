import { walletEndpoint } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { sharedKeys } from './query-keys';

export async function getWallet({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  const answer = await callEndpoint(walletEndpoint, { signal });
  return answer.wallet;
}

export function getWalletQueryOptions() {
  return queryOptions({ queryKey: sharedKeys.wallet(), queryFn: ({ signal }) => getWallet({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getWalletQueryOptions>, 'queryKey' | 'queryFn'>;

export function useWallet({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getWalletQueryOptions(), ...queryConfig });
}
