import { newsListEndpoint, type NewsItem } from '@portal/contract';
import { callEndpoint } from './api-client';

export async function getNews({ signal }: { signal?: AbortSignal } = {}): Promise<NewsItem[]> {
  const answer = await callEndpoint(newsListEndpoint, { signal });
  return answer.news;
}
