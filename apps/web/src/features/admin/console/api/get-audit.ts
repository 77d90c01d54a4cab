import { auditEndpoint, type AuditEntry } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export async function getAudit({ signal, operatorId }: { signal?: AbortSignal; operatorId?: number } = {}): Promise<
  AuditEntry[]
> {
  const answer = await callAdminEndpoint(auditEndpoint, {
    signal,
    ...(operatorId === undefined ? {} : { query: { operatorId } }),
  });
  return answer.entries;
}

/** Every operator's actions, or one operator's. */
export function getAuditQueryOptions(operatorId?: number) {
  return queryOptions({
    queryKey: consoleKeys.audit(operatorId),
    queryFn: ({ signal }) => getAudit({ signal, operatorId }),
  });
}

type QueryConfig = Omit<ReturnType<typeof getAuditQueryOptions>, 'queryKey' | 'queryFn'>;

export function useAudit({ queryConfig, operatorId }: { queryConfig?: QueryConfig; operatorId?: number } = {}) {
  return useQuery({ ...getAuditQueryOptions(operatorId), ...queryConfig });
}
