import { API_PATHS, CredentialsResponseSchema } from '@portal/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function newCredentials(proxyId: number) {
  return apiRequest(API_PATHS.proxyCredentials, {
    method: 'POST',
    body: { proxy_id: proxyId },
    schema: CredentialsResponseSchema,
    access: 'customer',
  });
}

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof newCredentials>>, Error, number>, 'mutationFn'>;

export function useNewCredentials({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: newCredentials });
}
