import type { NewsItem } from '@portal/contract';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { mayRetry } from '../../../lib/api-error';
import { readPageData } from '../../../ssr/page-data';

/** The news the server renders /news with (src/entry-server.tsx); the browser reads it from the page. */
export const ServerNewsContext = createContext<NewsItem[] | null>(null);

/** The list in the page's HTML is current: the screen that hydrates it shows it and does not ask again. */
let pageNews = typeof document === 'undefined' ? undefined : readPageData().news;

type NewsState = { status: 'pending' | 'error' | 'success'; data: NewsItem[] | undefined };

/**
 * The public news list without react-query (the public pages' first scripts leave it
 * out): each visit loads the list (one more try after a dropped connection or a 5xx), a failure
 * shows no invented news and can be retried. The API client loads with the first request.
 */
export function usePublicNews(): NewsState & { refetch: () => void } {
  const serverNews = useContext(ServerNewsContext);
  const [state, setState] = useState<NewsState>(() => {
    const known = serverNews ?? pageNews;
    return known ? { status: 'success', data: known } : { status: 'pending', data: undefined };
  });

  const load = useCallback((signal?: AbortSignal) => {
    const attempt = async (tries: number): Promise<NewsItem[]> => {
      const { getNews } = await import('../../../lib/fetch-news');
      try {
        return await getNews({ signal });
      } catch (error) {
        if (tries > 0 && mayRetry(error) && !signal?.aborted) return attempt(tries - 1);
        throw error;
      }
    };
    attempt(1).then(
      (news) => {
        if (!signal?.aborted) setState({ status: 'success', data: news });
      },
      () => {
        if (!signal?.aborted) setState((current) => ({ status: 'error', data: current.data }));
      },
    );
  }, []);

  useEffect(() => {
    if (pageNews) {
      pageNews = undefined;
      return;
    }
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const refetch = useCallback(() => {
    setState({ status: 'pending', data: undefined });
    load();
  }, [load]);
  return { ...state, refetch };
}
