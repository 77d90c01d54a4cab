import { API_PATHS, GiftcardCreateResponseSchema } from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { adminRequest } from '../../api/admin-request';
import { consoleKeys } from './keys';

export type CreateGiftcardsInput = { amount: number; count: number };

export async function createGiftcards(input: CreateGiftcardsInput): Promise<string[]> {
  const answer = await adminRequest(API_PATHS.adminGiftcards, {
    method: 'POST',
    body: input,
    schema: GiftcardCreateResponseSchema,
  });
  return answer.codes;
}

type MutationConfig = Omit<UseMutationOptions<string[], Error, CreateGiftcardsInput>, 'mutationFn'>;

export function useCreateGiftcards({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createGiftcards,
    onSuccess: async (...args) => {
      // The list and the audit log change: refresh by prefix.
      await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
      await onSuccess?.(...args);
    },
  });
}
