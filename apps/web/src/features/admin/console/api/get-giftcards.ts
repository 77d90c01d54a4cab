import { listGiftcardsEndpoint, type GiftcardRow } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getGiftcards({ signal }: { signal?: AbortSignal } = {}): Promise<GiftcardRow[]> {
  const answer = await callAdminEndpoint(listGiftcardsEndpoint, { signal });
  return answer.giftcards;
}

export function getGiftcardsQueryOptions() {
  return queryOptions({ queryKey: consoleKeys.giftcards(), queryFn: ({ signal }) => getGiftcards({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getGiftcardsQueryOptions>, 'queryKey' | 'queryFn'>;

export function useGiftcards({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getGiftcardsQueryOptions(), ...queryConfig });
}
