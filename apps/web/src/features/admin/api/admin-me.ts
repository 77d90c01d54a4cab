import { adminMeEndpoint, type AdminMe } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useAdminToken } from '../lib/admin-session';
import { callAdminEndpoint } from './admin-request';
import { adminKeys } from './keys';

export async function getAdminMe({ signal }: { signal?: AbortSignal } = {}): Promise<AdminMe> {
  return callAdminEndpoint(adminMeEndpoint, { signal });
}

/** The signed-in operator: their role decides which screens the console shows. */
export function useAdminMe() {
  const token = useAdminToken();
  return useQuery({
    queryKey: adminKeys.me(token ?? ''),
    queryFn: ({ signal }) => getAdminMe({ signal }),
    enabled: token !== null,
    staleTime: 60_000,
  });
}
