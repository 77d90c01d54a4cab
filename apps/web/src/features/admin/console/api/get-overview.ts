import { API_PATHS, AdminOverviewResponseSchema, type AdminOverview } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getOverview({ signal }: { signal?: AbortSignal } = {}): Promise<AdminOverview> {
  return adminRequest(API_PATHS.adminOverview, { schema: AdminOverviewResponseSchema, signal });
}

export function getOverviewQueryOptions() {
  return queryOptions({ queryKey: consoleKeys.overview(), queryFn: ({ signal }) => getOverview({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getOverviewQueryOptions>, 'queryKey' | 'queryFn'>;

export function useOverview({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getOverviewQueryOptions(), ...queryConfig });
}
