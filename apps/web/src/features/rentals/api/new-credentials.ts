import { credentialsEndpoint } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

export function newCredentials(proxyId: number) {
  return callEndpoint(credentialsEndpoint, {
    body: { proxy_id: proxyId },
  });
}

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof newCredentials>>, Error, number>, 'mutationFn'>;

export function useNewCredentials({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: newCredentials });
}
