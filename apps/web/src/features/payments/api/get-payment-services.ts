import { paymentServicesEndpoint } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export async function getPaymentServices(signal?: AbortSignal): Promise<string[]> {
  const answer = await callEndpoint(paymentServicesEndpoint, { signal });
  return answer.services;
}

export function getPaymentServicesQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.services(),
    queryFn: ({ signal }) => getPaymentServices(signal),
    staleTime: Infinity,
  });
}

export function usePaymentServices() {
  return useQuery(getPaymentServicesQueryOptions());
}
