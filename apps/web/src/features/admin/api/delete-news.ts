import { newsDeleteEndpoint } from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { newsKeys } from './news-keys';
import { callAdminEndpoint } from './admin-request';

export async function deleteNews(id: string): Promise<void> {
  await callAdminEndpoint(newsDeleteEndpoint, { params: { id } });
}

type MutationConfig = Omit<UseMutationOptions<void, Error, string>, 'mutationFn'>;

/** Deletes a news item by id (Bearer); the public list (`newsKeys`) is refreshed on success. */
export function useDeleteNews({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteNews,
    onSuccess: async (...args) => {
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
      await onSuccess?.(...args);
    },
  });
}
