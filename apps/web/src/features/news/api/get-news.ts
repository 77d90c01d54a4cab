import { API_PATHS, NewsListResponseSchema, type NewsItem } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { newsKeys } from './keys';

export async function getNews({ signal }: { signal?: AbortSignal } = {}): Promise<NewsItem[]> {
  const answer = await apiRequest(API_PATHS.news, { schema: NewsListResponseSchema, signal });
  return answer.news;
}

export function getNewsQueryOptions() {
  return queryOptions({ queryKey: newsKeys.list(), queryFn: ({ signal }) => getNews({ signal }) });
}

type QueryConfig = Omit<ReturnType<typeof getNewsQueryOptions>, 'queryKey' | 'queryFn'>;

export function useNews({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getNewsQueryOptions(), ...queryConfig });
}

/** Newest first by the date the operator gave (YYYY-MM-DD sorts as text). */
export function newestFirst(items: NewsItem[]): NewsItem[] {
  return [...items].sort((a, b) => b.date.localeCompare(a.date));
}
