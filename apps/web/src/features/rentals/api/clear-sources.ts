import { clearSourcesEndpoint } from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { rentalKeys } from './keys';

export function clearSources(proxyId: number) {
  return callEndpoint(clearSourcesEndpoint, { body: { proxy_id: proxyId } });
}

type MutationConfig = Omit<UseMutationOptions<Awaited<ReturnType<typeof clearSources>>, Error, number>, 'mutationFn'>;

export function useClearSources({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: clearSources,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: rentalKeys.sources(args[1]) });
      return onSuccess?.(...args);
    },
  });
}
