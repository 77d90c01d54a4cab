import { newsAddEndpoint, type NewsAddRequest, type NewsItem } from '@portal/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { newsKeys } from './news-keys';
import { callAdminEndpoint } from './admin-request';

export async function addNews(input: NewsAddRequest): Promise<NewsItem> {
  const answer = await callAdminEndpoint(newsAddEndpoint, { body: input });
  return answer.news;
}

type MutationConfig = Omit<UseMutationOptions<NewsItem, Error, NewsAddRequest>, 'mutationFn'>;

/** Adds a news item (Bearer); the public list (`newsKeys`) is refreshed on success. */
export function useAddNews({ mutationConfig }: { mutationConfig?: MutationConfig } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: addNews,
    onSuccess: async (...args) => {
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
      await onSuccess?.(...args);
    },
  });
}
