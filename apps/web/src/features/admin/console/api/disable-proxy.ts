import { disableProxyEndpoint, type InventoryRow, type ProxyDisableResponse } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { adminKeys } from '../../api/keys';
import { consoleKeys } from './keys';

export type DisableProxyInput = { id: number; replace?: boolean; dryRun?: boolean };

export function disableProxy({ id, replace, dryRun }: DisableProxyInput): Promise<ProxyDisableResponse> {
  return callAdminEndpoint(disableProxyEndpoint, { params: { id }, body: { replace, dryRun } });
}

/** What a disable would cut off, asked when the confirmation opens (never cached: rentals move). */
export function useDisablePreview(id: number | null) {
  return useQuery({
    // Outside the console's keys: the disable's own refetch of those must not ask again.
    queryKey: [...adminKeys.all, 'disable-preview', id] as const,
    queryFn: () => disableProxy({ id: id ?? 0, dryRun: true }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useDisableProxy({ onSuccess }: { onSuccess?: (answer: ProxyDisableResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<DisableProxyInput, 'dryRun'>) => disableProxy(input),
    onSuccess: async (answer) => {
      // The row turns Disabled at once; the refetch brings the state of a proxy a rental moved to.
      queryClient.setQueryData<InventoryRow[]>(consoleKeys.inventory(), (rows) =>
        rows?.map((row) => (row.id === answer.id ? { ...row, enabled: false, state: 'disabled' } : row)),
      );
      onSuccess?.(answer);
      await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
    },
  });
}
