import { searchCustomersEndpoint, type CustomerSummary } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

/** `q` is a customer id or part of a referral key; empty lists the newest customers. */
export async function searchCustomers(
  q: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CustomerSummary[]> {
  const answer = await callAdminEndpoint(searchCustomersEndpoint, { query: { q }, signal });
  return answer.customers;
}

export function searchCustomersQueryOptions(q: string) {
  return queryOptions({
    queryKey: consoleKeys.customerSearch(q),
    queryFn: ({ signal }) => searchCustomers(q, { signal }),
    // The previous results stay on screen while a new search runs, so the list does not flash.
    placeholderData: keepPreviousData,
  });
}

type QueryConfig = Omit<ReturnType<typeof searchCustomersQueryOptions>, 'queryKey' | 'queryFn'>;

export function useSearchCustomers(q: string, { queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...searchCustomersQueryOptions(q), ...queryConfig });
}
