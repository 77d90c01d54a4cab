import { checkProxiesEndpoint, discoveryStatusEndpoint, TIMEOUTS_MS } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

/** Check now: the server looks at these proxies through their upstreams and answers. */
export function checkProxies(ids: number[]) {
  return callAdminEndpoint(checkProxiesEndpoint, { body: { ids }, timeoutMs: TIMEOUTS_MS.proxyList });
}

export function useCheckProxies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkProxies,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}

/** This month's IPQualityScore budget, shown above the inventory. */
export function useDiscoveryStatus() {
  return useQuery({
    queryKey: [...consoleKeys.all, 'discovery'],
    queryFn: ({ signal }) => callAdminEndpoint(discoveryStatusEndpoint, { signal }),
  });
}
