import { SandboxPaymentResponseSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentKeys } from './keys';

const sandboxPath = (uuid: string) => `/api/payments/sandbox/${encodeURIComponent(uuid)}`;

export function getSandboxPayment(uuid: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(sandboxPath(uuid), { schema: SandboxPaymentResponseSchema, signal });
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

export { sandboxPath };
