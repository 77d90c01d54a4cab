import { newsAddEndpoint, type NewsAddRequest, type NewsItem } from '@portal/contract';
import { defineMutation } from '../../../lib/define-hooks';
import { newsKeys } from './news-keys';
import { callAdminEndpoint } from './admin-request';

export async function addNews(input: NewsAddRequest): Promise<NewsItem> {
  const answer = await callAdminEndpoint(newsAddEndpoint, { body: input });
  return answer.news;
}

/** Adds a news item (Bearer); the public list (`newsKeys`) is refreshed on success. */
export const useAddNews = defineMutation(addNews, { refreshes: () => newsKeys.all });
