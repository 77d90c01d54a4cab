import { API_PATHS, AuditListResponseSchema, type AuditEntry } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getAudit({ signal }: { signal?: AbortSignal } = {}): Promise<AuditEntry[]> {
  const answer = await adminRequest(API_PATHS.adminAudit, { schema: AuditListResponseSchema, signal });
  return answer.entries;
}

export function getAuditQueryOptions() {
  return queryOptions({ queryKey: consoleKeys.audit(), queryFn: ({ signal }) => getAudit({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getAuditQueryOptions>, 'queryKey' | 'queryFn'>;

export function useAudit({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getAuditQueryOptions(), ...queryConfig });
}
