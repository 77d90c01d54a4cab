import { inventoryEndpoint, TIMEOUTS_MS, type InventoryRow } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getInventory({ signal }: { signal?: AbortSignal } = {}): Promise<InventoryRow[]> {
  // The whole inventory (up to tens of thousands of rows) comes in one answer; allow it the
  // longer timeout the catalogue list gets.
  const answer = await callAdminEndpoint(inventoryEndpoint, { signal, timeoutMs: TIMEOUTS_MS.proxyList });
  return answer.proxies;
}

export function getInventoryQueryOptions() {
  return queryOptions({ queryKey: consoleKeys.inventory(), queryFn: ({ signal }) => getInventory({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getInventoryQueryOptions>, 'queryKey' | 'queryFn'>;

export function useInventory({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getInventoryQueryOptions(), ...queryConfig });
}
