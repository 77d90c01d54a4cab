import { autoRenewEndpoint } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

interface AutoRenewInput {
  /** One proxy, or a selection (changed all together). */
  proxyId: number | number[];
  enabled: boolean;
}

export function setAutoRenew({ proxyId, enabled }: AutoRenewInput) {
  return callEndpoint(autoRenewEndpoint, {
    body: { proxy_id: proxyId, enabled },
  });
}

type MutationConfig = Omit<
  UseMutationOptions<Awaited<ReturnType<typeof setAutoRenew>>, Error, AutoRenewInput>,
  'mutationFn'
>;

export function useSetAutoRenew({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: setAutoRenew });
}
