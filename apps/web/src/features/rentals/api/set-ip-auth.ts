import { ipAuthEndpoint } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

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

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof setIpAuth>>, Error, IpAuthInput>, 'mutationFn'>;

export function useSetIpAuth({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: setIpAuth });
}
