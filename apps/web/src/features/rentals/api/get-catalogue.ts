import {
  CatalogueProxySchema,
  proxyListEndpoint,
  STORAGE_KEYS,
  sumidEndpoint,
  TIMEOUTS_MS,
  type CatalogueProxy,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callEndpoint } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { onSessionEnded } from '../../../lib/session';
import { rentalKeys } from './keys';

export type Catalogue = (
  { kind: 'list'; proxies: readonly CatalogueProxy[] } | { kind: 'notEnough'; message: string }
) & {
  /**
   * Why the sumid call failed: the first check (no sumid stored yet) reports any failure; a later poll
   * (`polled`) reports only an invalid answer, since a dropped call is simply asked again 30 s later.
   */
  sumidError?: { cause: unknown; polled: boolean };
};

export async function getSumid(signal?: AbortSignal): Promise<string> {
  // no-cache: the browser revalidates with the ETag, so an unchanged catalogue costs a 304.
  const answer = await callEndpoint(sumidEndpoint, {
    timeoutMs: TIMEOUTS_MS.sumid,
    cache: 'no-cache',
    signal,
  });
  return answer.sumid;
}

export async function getProxyList(signal?: AbortSignal): Promise<Catalogue> {
  const answer = await callEndpoint(proxyListEndpoint, {
    timeoutMs: TIMEOUTS_MS.proxyList,
    signal,
  });
  return answer.success ? { kind: 'list', proxies: answer.proxies } : { kind: 'notEnough', message: answer.message };
}

const CachedListSchema = z.array(CatalogueProxySchema);

/** The list kept in this tab, so an unchanged sumid returns the very same array (no re-filtering). */
let memory: { sumid: string; proxies: readonly CatalogueProxy[] } | null = null;

function readStored(sumid: string): readonly CatalogueProxy[] | null {
  if (memory?.sumid === sumid) return memory.proxies;
  try {
    if (localStorage.getItem(STORAGE_KEYS.sumid) !== sumid) return null;
    const raw = localStorage.getItem(STORAGE_KEYS.proxyList);
    if (!raw) return null;
    const parsed = CachedListSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function store(sumid: string | null, proxies: readonly CatalogueProxy[]): void {
  if (sumid === null) return;
  memory = { sumid, proxies };
  try {
    localStorage.setItem(STORAGE_KEYS.sumid, sumid);
    localStorage.setItem(STORAGE_KEYS.proxyList, JSON.stringify(proxies));
  } catch {
    // A list too large for storage (quota) is kept in memory only; a stale copy must not stay behind.
    try {
      localStorage.removeItem(STORAGE_KEYS.proxyList);
    } catch {
      // Storage disabled altogether.
    }
  }
}

export function forgetCatalogueCache(): void {
  memory = null;
}

// Logout clears the lists: the next customer in this tab starts from the server.
onSessionEnded(forgetCatalogueCache);

/**
 * Catalogue refresh, which loads the list only when it changed: ask the sumid; without force, an unchanged sumid with a
 * cached list uses the cache; otherwise the list is loaded and cached with its sumid. A failed
 * sumid check still loads the list (the sumid only saves work).
 */
export async function loadCatalogue({ force, signal }: { force: boolean; signal?: AbortSignal }): Promise<Catalogue> {
  let sumid: string | null;
  let sumidError: Catalogue['sumidError'];
  try {
    sumid = await getSumid(signal);
  } catch (error) {
    sumid = null;
    if (!memory && !storedSumid()) sumidError = { cause: error, polled: false };
    else if (isApiError(error) && error.kind === 'invalid-response') sumidError = { cause: error, polled: true };
  }
  if (!force && sumid !== null) {
    const cached = readStored(sumid);
    if (cached) return { kind: 'list', proxies: cached };
  }
  const answer = await getProxyList(signal);
  if (answer.kind === 'list') store(sumid, answer.proxies);
  return sumidError === undefined ? answer : { ...answer, sumidError };
}

function storedSumid(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.sumid);
  } catch {
    return null;
  }
}

export function getCatalogueQueryOptions() {
  return queryOptions({
    queryKey: rentalKeys.catalogue(),
    queryFn: ({ signal }) => loadCatalogue({ force: false, signal }),
    // Deep-comparing 100,000 rows on every answer would cost more than it saves.
    structuralSharing: false,
  });
}

type QueryConfig = Omit<ReturnType<typeof getCatalogueQueryOptions>, 'queryKey' | 'queryFn'>;

export function useCatalogue({ queryConfig }: { queryConfig?: QueryConfig } = {}) {
  return useQuery({ ...getCatalogueQueryOptions(), ...queryConfig });
}
