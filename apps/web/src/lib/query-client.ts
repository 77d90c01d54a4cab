import { QueryClient } from '@tanstack/react-query';
import { mayRetry } from './api-error';

/** A call that may succeed on retry (mayRetry) gets one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return mayRetry(error) && failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The browser's one query client. The public pages' light shell has no provider of its
 * own: the login form warms the wallet into this client, and the full app then renders with it.
 */
export function browserQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
