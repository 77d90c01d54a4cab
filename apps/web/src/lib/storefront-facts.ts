import type { StorefrontFacts } from '@portal/contract';
import { createContext, useContext, useEffect, useState } from 'react';
import { readPageData } from '../ssr/page-data';

/** The figures the server renders the landing and the terms with (src/entry-server.tsx). */
export const ServerStorefrontContext = createContext<StorefrontFacts | null>(null);

/**
 * The figures in the page's HTML, then the last ones fetched, with when they were taken: the
 * server keeps its figures up to a minute, so the browser asks again no sooner.
 */
let known: { facts: StorefrontFacts; at: number } | null = null;
if (typeof document !== 'undefined') {
  const facts = readPageData().storefront;
  if (facts) known = { facts, at: Date.now() };
}
let loading: Promise<StorefrontFacts> | null = null;

/** For tests: the next use asks the server. */
export function forgetStorefrontFacts(): void {
  known = null;
}

/**
 * The shop's figures and rules (GET /api/storefront), or null until they are known: what
 * depends on them is left out meanwhile rather than guessed. A page hydrating the server's HTML
 * gets the figures it was rendered with, so it renders the same text.
 */
export function useStorefrontFacts(): StorefrontFacts | null {
  const server = useContext(ServerStorefrontContext);
  const [facts, setFacts] = useState(() => server ?? known?.facts ?? null);

  useEffect(() => {
    if (known && Date.now() - known.at < 60_000) return;
    let current = true;
    loading ??= import('./fetch-storefront-facts')
      .then(({ getStorefrontFacts }) => getStorefrontFacts())
      .then((loaded) => (known = { facts: loaded, at: Date.now() }).facts)
      .finally(() => (loading = null));
    // A failure leaves the figures out; the next visit asks again.
    loading.then((loaded) => current && setFacts(loaded)).catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  return server ?? facts;
}
