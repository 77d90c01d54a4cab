import { setProxyMaxConnectionsEndpoint, setProxyMaxSourceIpsEndpoint, type InventoryRow } from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

/**
 * A proxy's own limits on one rental: concurrent connections (RENTAL_MAX_CONNECTIONS) and client
 * addresses (RENTAL_MAX_SOURCE_IPS). null: the shop's default; 0: unlimited.
 */
export type ProxyLimit = 'maxConnections' | 'maxSourceIps';
export type SetProxyLimitInput = { id: number; value: number | null };
type SetProxyLimitResult = { id: number; value: number | null };

export async function setProxyLimit(
  field: ProxyLimit,
  { id, value }: SetProxyLimitInput,
): Promise<SetProxyLimitResult> {
  if (field === 'maxConnections') {
    const answer = await callAdminEndpoint(setProxyMaxConnectionsEndpoint, {
      params: { id },
      body: { maxConnections: value },
    });
    return { id: answer.id, value: answer.maxConnections };
  }
  const answer = await callAdminEndpoint(setProxyMaxSourceIpsEndpoint, {
    params: { id },
    body: { maxSourceIps: value },
  });
  return { id: answer.id, value: answer.maxSourceIps };
}

type MutationConfig = Omit<
  UseMutationOptions<SetProxyLimitResult, Error, SetProxyLimitInput>,
  'mutationFn' | 'onSuccess'
>;

export function useSetProxyLimit(field: ProxyLimit, { mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: (input: SetProxyLimitInput) => setProxyLimit(field, input),
    // The row is patched in place: refetching the whole inventory for one number would lag.
    onSuccess: ({ id, value }) => {
      queryClient.setQueryData<InventoryRow[]>(consoleKeys.inventory(), (rows) =>
        rows?.map((row) => (row.id === id ? { ...row, [field]: value } : row)),
      );
    },
  });
}
