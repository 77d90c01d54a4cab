import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsKeys } from './keys';

export function getNewsQueryOptions() {
  return queryOptions({
    queryKey: newsKeys.list(),
    queryFn: async ({ signal }) => {
      // The API client and its zod schemas load with the first fetch: /news arrives with its list.
      const { getNews } = await import('./fetch-news');
      return getNews({ signal });
    },
  });
}

type QueryConfig = Omit<ReturnType<typeof getNewsQueryOptions>, 'queryKey' | 'queryFn'>;

export function useNews({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getNewsQueryOptions(), ...queryConfig });
}

export { newestFirst } from './newest-first';
