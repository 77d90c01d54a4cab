import type { GatewayRules } from '@portal/contract';
import { createContext, useContext, useEffect, useState } from 'react';
import { readPageData } from '../../../ssr/page-data';

/** The rules the server renders the terms with (src/entry-server.tsx); the browser reads them from the page. */
export const ServerRulesContext = createContext<GatewayRules | null>(null);

const pageRules = typeof document === 'undefined' ? undefined : readPageData().rules;

/**
 * The gateway's rules as the shop configured them: from the server's render when there was one,
 * else asked once (a page reached inside the app). null until known, or when asking failed: the
 * terms then state only their fixed sentences.
 */
export function useGatewayRules(): GatewayRules | null {
  const serverRules = useContext(ServerRulesContext);
  const [rules, setRules] = useState<GatewayRules | null>(serverRules ?? pageRules ?? null);
  useEffect(() => {
    if (rules) return;
    const controller = new AbortController();
    import('./fetch-gateway-rules')
      .then(({ getGatewayRules }) => getGatewayRules({ signal: controller.signal }))
      .then(
        (answer) => !controller.signal.aborted && setRules(answer),
        () => undefined,
      );
    return () => controller.abort();
  }, [rules]);
  return rules;
}
