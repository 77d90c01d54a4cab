import { inventoryEndpoint, TIMEOUTS_MS, type InventoryRow } from '@portal/contract';
import { defineQuery } from '../../../../lib/define-hooks';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getInventory(signal?: AbortSignal): Promise<InventoryRow[]> {
  // The whole inventory (up to tens of thousands of rows) comes in one answer; allow it the
  // longer timeout the catalogue list gets.
  const answer = await callAdminEndpoint(inventoryEndpoint, { signal, timeoutMs: TIMEOUTS_MS.proxyList });
  return answer.proxies;
}

const inventory = defineQuery(consoleKeys.inventory, getInventory);

export const getInventoryQueryOptions = inventory.options;
export const useInventory = inventory.use;
