import { newsDeleteEndpoint } from '@portal/contract';
import { defineMutation } from '../../../lib/define-hooks';
import { newsKeys } from './news-keys';
import { callAdminEndpoint } from './admin-request';

export async function deleteNews(id: string): Promise<void> {
  await callAdminEndpoint(newsDeleteEndpoint, { params: { id } });
}

/** Deletes a news item by id (Bearer); the public list (`newsKeys`) is refreshed on success. */
export const useDeleteNews = defineMutation(deleteNews, { refreshes: () => newsKeys.all });
