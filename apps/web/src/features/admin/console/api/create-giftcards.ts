import { createGiftcardsEndpoint, type GiftcardCreateRequest } from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callAdminEndpoint } from '../../api/admin-request';
import { consoleKeys } from './keys';

export type CreateGiftcardsInput = GiftcardCreateRequest;

export async function createGiftcards(input: CreateGiftcardsInput): Promise<string[]> {
  const answer = await callAdminEndpoint(createGiftcardsEndpoint, { body: input });
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
