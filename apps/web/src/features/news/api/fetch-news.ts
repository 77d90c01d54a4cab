import { API_PATHS, NewsListResponseSchema, type NewsItem } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';

export async function getNews({ signal }: { signal?: AbortSignal } = {}): Promise<NewsItem[]> {
  const answer = await apiRequest(API_PATHS.news, { schema: NewsListResponseSchema, signal });
  return answer.news;
}
