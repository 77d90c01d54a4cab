import { API_PATHS, PaymentHistoryResponseSchema, type Payment } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export async function getPaymentHistory(signal?: AbortSignal): Promise<Payment[]> {
  const answer = await apiRequest(API_PATHS.paymentHistory, {
    schema: PaymentHistoryResponseSchema,
    access: 'customer',
    signal,
  });
  return answer.payments;
}

export function getPaymentHistoryQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.history(), queryFn: ({ signal }) => getPaymentHistory(signal) });
}

export function usePaymentHistory() {
  return useQuery(getPaymentHistoryQueryOptions());
}
