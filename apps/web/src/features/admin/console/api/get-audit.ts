import { AUDIT_PAGE_DEFAULT, auditEndpoint, type AuditEntry } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import type { AuditFilters } from './audit-query';
import { consoleKeys } from './keys';

export async function getAuditPage({
  signal,
  filters,
  cursor,
}: {
  signal?: AbortSignal;
  filters: AuditFilters;
  cursor?: string | undefined;
}): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const query = Object.fromEntries(
    Object.entries({ ...filters, cursor, limit: AUDIT_PAGE_DEFAULT }).filter(([, value]) => value !== undefined),
  );
  const answer = await callAdminEndpoint(auditEndpoint, { signal, query });
  return { entries: answer.entries, nextCursor: answer.nextCursor };
}

/** The log newest first, a page at a time: each next page is the rows older than the last one shown. */
export function getAuditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: consoleKeys.audit(filters),
    queryFn: ({ signal, pageParam }) => getAuditPage({ signal, filters, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery(getAuditQueryOptions(filters));
}
