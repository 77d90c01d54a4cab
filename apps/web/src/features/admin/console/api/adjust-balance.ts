import { adjustBalanceEndpoint, type BalanceAdjustRequest, type BalanceAdjustResponseSchema } from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

/** By design: a signed dollar amount and a reason; the server refuses to go below zero. */
export type AdjustBalanceInput = BalanceAdjustRequest & { customer: number };
type AdjustBalanceResult = z.infer<typeof BalanceAdjustResponseSchema>;

export function adjustBalance(input: AdjustBalanceInput): Promise<AdjustBalanceResult> {
  return callAdminEndpoint(adjustBalanceEndpoint, { body: input });
}

type MutationConfig = Omit<UseMutationOptions<AdjustBalanceResult, Error, AdjustBalanceInput>, 'mutationFn'>;

export function useAdjustBalance({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: adjustBalance,
    onSuccess: async (...args) => {
      // The balance shows in the detail (with its new ledger row), the search list, the
      // overview and the audit log: refresh by prefix (only what is on screen refetches now).
      await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
      await onSuccess?.(...args);
    },
  });
}
