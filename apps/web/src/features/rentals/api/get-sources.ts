import { sourcesEndpoint, type RentalSourcesResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { rentalKeys } from './keys';

export type RentalSourcesView = Omit<RentalSourcesResponse, 'success'>;

export async function getSources(proxyId: number, signal?: AbortSignal): Promise<RentalSourcesView> {
  const { success: _success, ...view } = await callEndpoint(sourcesEndpoint, { query: { proxy_id: proxyId }, signal });
  return view;
}

export const getSourcesQueryOptions = (proxyId: number) =>
  queryOptions({ queryKey: rentalKeys.sources(proxyId), queryFn: ({ signal }) => getSources(proxyId, signal) });

export function useSources(proxyId: number | null) {
  return useQuery({ ...getSourcesQueryOptions(proxyId ?? 0), enabled: proxyId !== null });
}
