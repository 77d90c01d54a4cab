import { ipAuthEndpoint } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';
import { defineMutation } from '../../../lib/define-hooks';

interface IpAuthInput {
  proxyId: number;
  /** An empty list turns IP authorization off and gives the port back. */
  ips: string[];
}

export function setIpAuth({ proxyId, ips }: IpAuthInput) {
  return callEndpoint(ipAuthEndpoint, {
    body: { proxy_id: proxyId, ips },
  });
}

export const useSetIpAuth = defineMutation(setIpAuth);
