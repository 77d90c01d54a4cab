import { refundEndpoint } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

export function refundProxy(proxyId: number) {
  return callEndpoint(refundEndpoint, {
    body: { proxy_id: proxyId },
  });
}

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof refundProxy>>, Error, number>, 'mutationFn'>;

export function useRefundProxy({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: refundProxy });
}
