import { sandboxPaymentEndpoint } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export function getSandboxPayment(uuid: string, { signal }: { signal?: AbortSignal } = {}) {
  return callEndpoint(sandboxPaymentEndpoint, { params: { uuid }, signal });
}

export function getSandboxPaymentQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: paymentKeys.sandbox(uuid),
    queryFn: ({ signal }) => getSandboxPayment(uuid, { signal }),
    retry: false,
  });
}

export function useSandboxPayment(uuid: string) {
  return useQuery(getSandboxPaymentQueryOptions(uuid));
}
