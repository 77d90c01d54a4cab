import { API_PATHS, RefundResponseSchema } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function refundProxy(proxyId: number) {
  return apiRequest(API_PATHS.refundById, {
    method: 'POST',
    body: { proxy_id: proxyId },
    schema: RefundResponseSchema,
    access: 'customer',
  });
}

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof refundProxy>>, Error, number>, 'mutationFn'>;

export function useRefundProxy({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: refundProxy });
}
