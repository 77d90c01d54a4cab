import type { StorefrontFacts } from '@portal/contract';
import { createContext, useContext, useEffect, useState } from 'react';
import { readPageData } from '../../../ssr/page-data';

/** The figures the server renders the landing and the terms with (src/entry-server.tsx). */
export const ServerStorefrontContext = createContext<StorefrontFacts | null>(null);

/** The server keeps its figures up to a minute; the browser asks again no sooner. */
const FRESH_MS = 60_000;

/** The figures in the page's HTML, then the last ones fetched: one request a minute at most. */
let known: { facts: StorefrontFacts; at: number } | null = (() => {
  const facts = typeof document === 'undefined' ? undefined : readPageData().storefront;
  return facts ? { facts, at: Date.now() } : null;
})();
let loading: Promise<StorefrontFacts> | null = null;

/** For tests: the next use asks the server. */
export function forgetStorefrontFacts(): void {
  known = null;
}

function load(): Promise<StorefrontFacts> {
  loading ??= import('./fetch-storefront-facts')
    .then(({ getStorefrontFacts }) => getStorefrontFacts())
    .then((facts) => {
      known = { facts, at: Date.now() };
      return facts;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/**
 * The shop's figures and rules (GET /api/storefront), or null until they are known: what
 * depends on them is left out meanwhile rather than guessed. A page hydrating the server's HTML
 * gets the figures it was rendered with, so it renders the same text.
 */
export function useStorefrontFacts(): StorefrontFacts | null {
  const server = useContext(ServerStorefrontContext);
  const [facts, setFacts] = useState<StorefrontFacts | null>(() => server ?? known?.facts ?? null);

  useEffect(() => {
    // Fresh figures were taken as the first state.
    if (known && Date.now() - known.at < FRESH_MS) return;
    let current = true;
    load().then(
      (loaded) => {
        if (current) setFacts(loaded);
      },
      () => {
        // Without figures the pages state none; the next visit asks again.
      },
    );
    return () => {
      current = false;
    };
  }, []);

  return server ?? facts;
}
