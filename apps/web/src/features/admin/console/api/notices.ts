import {
  adminBroadcastEndpoint,
  adminNoticesEndpoint,
  type AdminNoticesResponse,
  type BroadcastRequest,
  type NoticeStatus,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export function getNoticesQueryOptions(status: NoticeStatus | 'all') {
  return queryOptions({
    queryKey: consoleKeys.notices(status),
    queryFn: ({ signal }): Promise<AdminNoticesResponse> =>
      callAdminEndpoint(adminNoticesEndpoint, {
        signal,
        query: { limit: 200, ...(status === 'all' ? {} : { status }) },
      }),
  });
}

export function useNotices(status: NoticeStatus | 'all') {
  return useQuery(getNoticesQueryOptions(status));
}

export function useBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BroadcastRequest) => callAdminEndpoint(adminBroadcastEndpoint, { body: input }),
    // The notices, the audit log and the news list change: refresh by prefix.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}
