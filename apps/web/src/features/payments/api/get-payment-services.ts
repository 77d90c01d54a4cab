import { API_PATHS, PaymentServicesResponseSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export async function getPaymentServices(signal?: AbortSignal): Promise<string[]> {
  const answer = await apiRequest(API_PATHS.paymentServices, { schema: PaymentServicesResponseSchema, signal });
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
