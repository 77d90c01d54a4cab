import { auditEndpoint, type AuditEntry } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getAudit({ signal }: { signal?: AbortSignal } = {}): Promise<AuditEntry[]> {
  const answer = await callAdminEndpoint(auditEndpoint, { signal });
  return answer.entries;
}

export function getAuditQueryOptions() {
  return queryOptions({ queryKey: consoleKeys.audit(), queryFn: ({ signal }) => getAudit({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getAuditQueryOptions>, 'queryKey' | 'queryFn'>;

export function useAudit({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getAuditQueryOptions(), ...queryConfig });
}
