import {
  createOperatorEndpoint,
  deleteOperatorEndpoint,
  listOperatorsEndpoint,
  totpPolicyEndpoint,
  unlockOperatorEndpoint,
  type AdminRole,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { adminKeys } from '../../api/keys';
import { consoleKeys } from './keys';

export function useOperators({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: consoleKeys.operators(),
    queryFn: ({ signal }) => callAdminEndpoint(listOperatorsEndpoint, { signal }),
    enabled,
  });
}

/** Every change to the team touches the list, the audit log, and maybe the signed-in operator. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useCreateOperator() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { name: string; role: AdminRole }) =>
      callAdminEndpoint(createOperatorEndpoint, { body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteOperator() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callAdminEndpoint(deleteOperatorEndpoint, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useTotpPolicy() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (required: boolean) => callAdminEndpoint(totpPolicyEndpoint, { body: { required } }),
    onSuccess: refresh,
  });
}

export function useUnlockOperator() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callAdminEndpoint(unlockOperatorEndpoint, { params: { id } }),
    onSuccess: refresh,
  });
}
