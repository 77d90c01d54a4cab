import { type Payment, paymentHistoryEndpoint } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export async function getPaymentHistory(signal?: AbortSignal): Promise<Payment[]> {
  const answer = await callEndpoint(paymentHistoryEndpoint, {
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
