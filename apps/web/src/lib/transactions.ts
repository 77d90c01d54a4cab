import { type Transaction, transactionsEndpoint } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { sharedKeys } from './query-keys';

export async function getTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  const answer = await callEndpoint(transactionsEndpoint, {
    body: { task: 'get' },
    signal,
  });
  return answer.transactions;
}

export function getTransactionsQueryOptions() {
  return queryOptions({ queryKey: sharedKeys.transactions(), queryFn: ({ signal }) => getTransactions(signal) });
}

type QueryConfig = Omit<ReturnType<typeof getTransactionsQueryOptions>, 'queryKey' | 'queryFn'>;

export function useTransactions({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getTransactionsQueryOptions(), ...queryConfig });
}
