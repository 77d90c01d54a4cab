import { API_PATHS, TransactionsResponseSchema, type Transaction } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rentalKeys } from './keys';

export async function getTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  const answer = await apiRequest(API_PATHS.paymentTransactions, {
    method: 'POST',
    body: { task: 'get' },
    schema: TransactionsResponseSchema,
    access: 'customer',
    signal,
  });
  return answer.transactions;
}

export function getTransactionsQueryOptions() {
  return queryOptions({ queryKey: rentalKeys.transactions(), queryFn: ({ signal }) => getTransactions(signal) });
}

type QueryConfig = Omit<ReturnType<typeof getTransactionsQueryOptions>, 'queryKey' | 'queryFn'>;

export function useTransactions({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getTransactionsQueryOptions(), ...queryConfig });
}
