import { API_PATHS, AutoRenewResponseSchema } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

interface AutoRenewInput {
  /** One proxy, or a selection (changed all together). */
  proxyId: number | number[];
  enabled: boolean;
}

export function setAutoRenew({ proxyId, enabled }: AutoRenewInput) {
  return apiRequest(API_PATHS.proxyAutoRenew, {
    method: 'POST',
    body: { proxy_id: proxyId, enabled },
    schema: AutoRenewResponseSchema,
    access: 'customer',
  });
}

type MutationConfig = Omit<
  UseMutationOptions<Awaited<ReturnType<typeof setAutoRenew>>, Error, AutoRenewInput>,
  'mutationFn'
>;

export function useSetAutoRenew({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: setAutoRenew });
}
