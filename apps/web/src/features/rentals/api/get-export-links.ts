import { API_PATHS, ExportLinksResponseSchema, type ExportLink } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rentalKeys } from './keys';

export async function getExportLinks(signal?: AbortSignal): Promise<ExportLink[]> {
  const answer = await apiRequest(API_PATHS.proxyExportLinks, {
    schema: ExportLinksResponseSchema,
    access: 'customer',
    signal,
  });
  return answer.links;
}

export const getExportLinksQueryOptions = () =>
  queryOptions({ queryKey: rentalKeys.exportLinks(), queryFn: ({ signal }) => getExportLinks(signal) });

export function useExportLinks() {
  return useQuery(getExportLinksQueryOptions());
}
