import { usageEndpoint, type UsageHour } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { rentalKeys } from './keys';

export async function getUsage(proxyId: number, signal?: AbortSignal): Promise<UsageHour[]> {
  const answer = await callEndpoint(usageEndpoint, { query: { proxy_id: proxyId }, signal });
  return answer.usage;
}

export const getUsageQueryOptions = (proxyId: number) =>
  queryOptions({ queryKey: rentalKeys.usage(proxyId), queryFn: ({ signal }) => getUsage(proxyId, signal) });

export function useUsage(proxyId: number | null) {
  return useQuery({ ...getUsageQueryOptions(proxyId ?? 0), enabled: proxyId !== null });
}
