import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { browserQueryClient } from '../lib/query-client';

/** `client` is given by the server renderer; the browser has one client (browserQueryClient). */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? browserQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
