import { type ExportLink, exportLinksEndpoint } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { rentalKeys } from './keys';

export async function getExportLinks(signal?: AbortSignal): Promise<ExportLink[]> {
  const answer = await callEndpoint(exportLinksEndpoint, {
    signal,
  });
  return answer.links;
}

export const getExportLinksQueryOptions = () =>
  queryOptions({ queryKey: rentalKeys.exportLinks(), queryFn: ({ signal }) => getExportLinks(signal) });

export function useExportLinks() {
  return useQuery(getExportLinksQueryOptions());
}
