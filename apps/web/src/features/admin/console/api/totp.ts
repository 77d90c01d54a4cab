import { totpConfirmEndpoint, totpEnrollEndpoint } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { adminKeys } from '../../api/keys';

export function useEnrollTotp() {
  return useMutation({ mutationFn: () => callAdminEndpoint(totpEnrollEndpoint) });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callAdminEndpoint(totpConfirmEndpoint, { body: { code } }),
    // The operator's state changes: the console may now show every screen of the role.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
