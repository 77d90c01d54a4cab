import { autoRenewEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

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

export const useSetAutoRenew = defineMutation(setAutoRenew);
