import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNews } from '../../../lib/fetch-news';
import { newsKeys } from './news-keys';

/** The public news list as the editor shows it, refreshed after each add or delete. */
export function getNewsQueryOptions() {
  return queryOptions({ queryKey: newsKeys.list(), queryFn: ({ signal }) => getNews({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getNewsQueryOptions>, 'queryKey' | 'queryFn'>;

export function useNews({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getNewsQueryOptions(), ...queryConfig });
}
