import {
  createNodeEndpoint,
  listNodesEndpoint,
  NODE_REPORT_MS,
  revokeNodeEndpoint,
  setProxyNodeEndpoint,
  type InventoryRow,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { defineConsoleChange } from './console-change';
import { consoleKeys } from './keys';

/** The list follows the nodes' reports while the screen is open. */
const REFRESH_MS = NODE_REPORT_MS;

/**
 * The nodes and the version the shop runs. `poll`: the Nodes screen follows the reports; the
 * inventory only needs the names.
 */
export function useNodes({ poll = true }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: consoleKeys.nodes(),
    queryFn: ({ signal }) => callAdminEndpoint(listNodesEndpoint, { signal }),
    refetchInterval: poll ? REFRESH_MS : false,
  });
}

// Adding or revoking a node also changes the inventory's node names.
export const useCreateNode = defineConsoleChange((input: { name: string; host: string }) =>
  callAdminEndpoint(createNodeEndpoint, { body: input }),
);

export const useRevokeNode = defineConsoleChange((id: number) =>
  callAdminEndpoint(revokeNodeEndpoint, { params: { id } }),
);

export function useSetProxyNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, nodeId }: { id: number; nodeId: number | null }) =>
      callAdminEndpoint(setProxyNodeEndpoint, { params: { id }, body: { nodeId } }),
    onSuccess: async ({ id, nodeId }) => {
      // The row shows its new node at once; the refetch then brings the server's view.
      queryClient.setQueryData<InventoryRow[]>(consoleKeys.inventory(), (rows) =>
        rows?.map((row) => (row.id === id ? { ...row, nodeId } : row)),
      );
      await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
    },
  });
}
