import { overviewEndpoint, type AdminOverview } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getOverview({ signal }: { signal?: AbortSignal } = {}): Promise<AdminOverview> {
  return callAdminEndpoint(overviewEndpoint, { signal });
}

export function getOverviewQueryOptions() {
  return queryOptions({ queryKey: consoleKeys.overview(), queryFn: ({ signal }) => getOverview({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getOverviewQueryOptions>, 'queryKey' | 'queryFn'>;

export function useOverview({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getOverviewQueryOptions(), ...queryConfig });
}
