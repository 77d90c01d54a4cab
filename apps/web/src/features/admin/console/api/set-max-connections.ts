import {
  setProxyMaxConnectionsEndpoint,
  type InventoryRow,
  type ProxyMaxConnectionsResponseSchema,
} from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

/** null: the shop's default (RENTAL_MAX_CONNECTIONS); 0: unlimited. */
export type SetMaxConnectionsInput = { id: number; maxConnections: number | null };
type SetMaxConnectionsResult = z.infer<typeof ProxyMaxConnectionsResponseSchema>;

export function setMaxConnections({ id, maxConnections }: SetMaxConnectionsInput): Promise<SetMaxConnectionsResult> {
  return callAdminEndpoint(setProxyMaxConnectionsEndpoint, { params: { id }, body: { maxConnections } });
}

type MutationConfig = Omit<
  UseMutationOptions<SetMaxConnectionsResult, Error, SetMaxConnectionsInput>,
  'mutationFn' | 'onSuccess'
>;

export function useSetMaxConnections({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: setMaxConnections,
    // The row is patched in place: refetching the whole inventory for one number would lag.
    onSuccess: ({ id, maxConnections }) => {
      queryClient.setQueryData<InventoryRow[]>(consoleKeys.inventory(), (rows) =>
        rows?.map((row) => (row.id === id ? { ...row, maxConnections } : row)),
      );
    },
  });
}
