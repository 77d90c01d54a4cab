import { useEffect, useState } from 'react';

type SupportContact = { status: 'pending' | 'error' } | { status: 'success'; address: string };

/**
 * The support address the server is configured with (SUPPORT_CONTACT, `GET /api/site`), read
 * when the page opens so that changing it needs a restart, not a new build. Without react-query,
 * as the other public pages' data: their first scripts leave it out. The server render and the
 * hydrating render both start pending, so they agree.
 */
export function useSupportContact(): SupportContact {
  const [state, setState] = useState<SupportContact>({ status: 'pending' });
  useEffect(() => {
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
  }, []);
  return state;
}
