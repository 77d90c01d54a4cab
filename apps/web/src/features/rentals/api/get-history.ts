import { historyEndpoint, type HistoryRecord } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { rentalKeys } from './keys';

export async function getHistory(signal?: AbortSignal): Promise<HistoryRecord[]> {
  const answer = await callEndpoint(historyEndpoint, {
    signal,
  });
  return answer.history;
}

export function getHistoryQueryOptions() {
  return queryOptions({ queryKey: rentalKeys.history(), queryFn: ({ signal }) => getHistory(signal) });
}

type QueryConfig = Omit<ReturnType<typeof getHistoryQueryOptions>, 'queryKey' | 'queryFn'>;

export function useHistory({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getHistoryQueryOptions(), ...queryConfig });
}
