import {
  disableProxyEndpoint,
  enableProxyEndpoint,
  type InventoryRow,
  type ProxyEnabledResponseSchema,
} from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export type SetProxyEnabledInput = { id: number; enabled: boolean };
type SetProxyEnabledResult = z.infer<typeof ProxyEnabledResponseSchema>;

export function setProxyEnabled({ id, enabled }: SetProxyEnabledInput): Promise<SetProxyEnabledResult> {
  return callAdminEndpoint(enabled ? enableProxyEndpoint : disableProxyEndpoint, { params: { id } });
}

type MutationConfig = Omit<
  UseMutationOptions<SetProxyEnabledResult, Error, SetProxyEnabledInput>,
  'mutationFn' | 'onSuccess'
>;

export function useSetProxyEnabled({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: setProxyEnabled,
    onSuccess: async ({ id, enabled }) => {
      // Patch the row at once (refetching 20,000 rows for one flag would lag the button), then
      // refetch so `state` comes from the server (a rented proxy stays rented when disabled).
      queryClient.setQueryData<InventoryRow[]>(consoleKeys.inventory(), (rows) =>
        rows?.map((row) =>
          row.id === id
            ? { ...row, enabled, state: enabled ? (row.state === 'disabled' ? 'free' : row.state) : 'disabled' }
            : row,
        ),
      );
      await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
    },
  });
}
