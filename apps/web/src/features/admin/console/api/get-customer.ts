import { customerEndpoint, type CustomerDetail } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getCustomer(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<CustomerDetail> {
  return callAdminEndpoint(customerEndpoint, { params: { id }, signal });
}

export function getCustomerQueryOptions(id: number) {
  return queryOptions({ queryKey: consoleKeys.customer(id), queryFn: ({ signal }) => getCustomer(id, { signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getCustomerQueryOptions>, 'queryKey' | 'queryFn'>;

export function useCustomer(id: number, { queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getCustomerQueryOptions(id), ...queryConfig });
}
