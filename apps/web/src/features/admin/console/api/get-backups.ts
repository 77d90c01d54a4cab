import { backupStatusEndpoint, type BackupStatus } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getBackups({ signal }: { signal?: AbortSignal } = {}): Promise<BackupStatus> {
  return callAdminEndpoint(backupStatusEndpoint, { signal });
}

export function getBackupsQueryOptions() {
  return queryOptions({ queryKey: consoleKeys.backups(), queryFn: ({ signal }) => getBackups({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getBackupsQueryOptions>, 'queryKey' | 'queryFn'>;

export function useBackups({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getBackupsQueryOptions(), ...queryConfig });
}
