import { revealGiftcardEndpoint } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

/** A code in full again (money roles; the server audits each reveal). */
export function useRevealGiftcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callAdminEndpoint(revealGiftcardEndpoint, { params: { id } }),
    // The reveal is a new audit row.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...consoleKeys.all, 'audit'] }),
  });
}
