import { endAdminSessionEndpoint, listAdminSessionsEndpoint } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

/** The signed-in operator's own sessions. */
export function useAdminSessions() {
  return useQuery({
    queryKey: consoleKeys.sessions(),
    queryFn: async ({ signal }) => (await callAdminEndpoint(listAdminSessionsEndpoint, { signal })).sessions,
  });
}

export function useEndAdminSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callAdminEndpoint(endAdminSessionEndpoint, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.sessions() }),
  });
}
