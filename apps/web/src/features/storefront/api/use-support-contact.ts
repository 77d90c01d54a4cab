import { createContext, useContext, useEffect, useState } from 'react';
import { readPageData } from '../../../ssr/page-data';

type SupportContact = { status: 'pending' | 'error' } | { status: 'success'; address: string };

/** The address the server renders /support with (src/entry-server.tsx). */
export const ServerSupportContactContext = createContext<string | null>(null);

/** The address in the page's HTML when /support was the page the browser opened. */
const rendered: string | null = typeof document === 'undefined' ? null : (readPageData().supportContact ?? null);

/**
 * The support address the server is configured with (SUPPORT_CONTACT), so that changing it needs
 * a restart, not a new build. The server puts it into /support's HTML and page data, so the
 * address is there before any script runs and hydration renders the same text; a visit that
 * reaches /support from another screen asks `GET /api/site` (without react-query, as the other
 * public pages' data: their first scripts leave it out).
 */
export function useSupportContact(): SupportContact {
  const server = useContext(ServerSupportContactContext);
  const known = server ?? rendered;
  const [state, setState] = useState<SupportContact>(
    known === null ? { status: 'pending' } : { status: 'success', address: known },
  );
  useEffect(() => {
    if (known !== null) return;
    const controller = new AbortController();
    import('./fetch-site-info')
      .then(({ getSiteInfo }) => getSiteInfo({ signal: controller.signal }))
      .then(
        (info) => setState({ status: 'success', address: info.supportContact }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'error' });
        },
      );
    return () => controller.abort();
  }, [known]);
  return state;
}
