import { walletEndpoint } from '@portal/contract';
import { callEndpoint } from './api-client';
import { defineQuery } from './define-hooks';
import { sharedKeys } from './query-keys';

export async function getWallet({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  const answer = await callEndpoint(walletEndpoint, { signal });
  return answer.wallet;
}

const wallet = defineQuery(sharedKeys.wallet, (signal) => getWallet({ signal }));

export const getWalletQueryOptions = wallet.options;
export const useWallet = wallet.use;
