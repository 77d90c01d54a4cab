import { CATALOGUE_PAGE_SIZE, FRAUD_SCORE_BANDS, type CatalogueProxy, type FraudScoreBand } from '@portal/contract';

/** Filter state of spec section 3: each field defaults to 'all' (the ID filter is free text, '' = all). */
export interface CatalogueFilters {
  protocol: string;
  id: string;
  country: string;
  region: string;
  city: string;
  isp: string;
  zip: string;
  quality: 'all' | FraudScoreBand;
}

export const ALL = 'all';

export const EMPTY_FILTERS: CatalogueFilters = {
  protocol: ALL,
  id: '',
  country: ALL,
  region: ALL,
  city: ALL,
  isp: ALL,
  zip: ALL,
  quality: ALL,
};

/** The location cascade, highest first: a change resets every level below it (spec section 4). */
export const CASCADE = ['country', 'region', 'city', 'isp', 'zip'] as const;
export type CascadeField = (typeof CASCADE)[number];

const FIELD_OF: Record<CascadeField, 'country' | 'region' | 'city' | 'ISP' | 'zip'> = {
  country: 'country',
  region: 'region',
  city: 'city',
  isp: 'ISP',
  zip: 'zip',
};

export function changeFilter<K extends keyof CatalogueFilters>(
  filters: CatalogueFilters,
  key: K,
  value: CatalogueFilters[K],
): CatalogueFilters {
  const next = { ...filters, [key]: value };
  const level = (CASCADE as readonly string[]).indexOf(key);
  if (level >= 0) for (const below of CASCADE.slice(level + 1)) next[below] = ALL;
  return next;
}

function matchesOthers(proxy: CatalogueProxy, filters: CatalogueFilters): boolean {
  if (filters.protocol !== ALL && proxy.protocol !== filters.protocol) return false;
  if (filters.id !== '' && !String(proxy.id).startsWith(filters.id.trim())) return false;
  if (filters.quality !== ALL) {
    const { min, max } = FRAUD_SCORE_BANDS[filters.quality];
    if (proxy.ipqualityscore < min || proxy.ipqualityscore > max) return false;
  }
  return true;
}

/** Rows that pass every filter; one pass, no copies of rows. */
export function filterProxies(proxies: readonly CatalogueProxy[], filters: CatalogueFilters): CatalogueProxy[] {
  const levels = CASCADE.filter((level) => filters[level] !== ALL);
  return proxies.filter(
    (proxy) => matchesOthers(proxy, filters) && levels.every((level) => proxy[FIELD_OF[level]] === filters[level]),
  );
}

export type CascadeOptions = Record<CascadeField, string[]>;

/**
 * Options of each location dropdown: values of the rows matching the choices above it (country
 * lists every country), blanks left out, sorted. One pass over the list for all five dropdowns.
 */
export function cascadeOptions(proxies: readonly CatalogueProxy[], filters: CatalogueFilters): CascadeOptions {
  const sets = CASCADE.map(() => new Set<string>());
  for (const proxy of proxies) {
    for (let level = 0; level < CASCADE.length; level += 1) {
      const field = CASCADE[level]!;
      const value = proxy[FIELD_OF[field]];
      if (value.trim() !== '') sets[level]!.add(value);
      // Lower dropdowns only see rows matching this level's choice.
      if (filters[field] !== ALL && value !== filters[field]) break;
    }
  }
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b));
  return {
    country: sorted(sets[0]!),
    region: sorted(sets[1]!),
    city: sorted(sets[2]!),
    isp: sorted(sets[3]!),
    zip: sorted(sets[4]!),
  };
}

export const SORT_FIELDS = ['id', 'ip', 'region', 'city', 'zip', 'ipqualityscore'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export interface SortConfig {
  field: SortField;
  direction: 'asc' | 'desc';
}

/** Same column toggles asc/desc; a new column starts asc (spec section 4). */
export function toggleSort(current: SortConfig | null, field: SortField): SortConfig {
  if (current?.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

/** IPv4 as one number so 10.0.0.9 sorts before 10.0.0.10; anything else sorts as text after. */
function ipKey(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    const octet = Number(part);
    if (!Number.isInteger(octet) || octet < 0 || octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

type Key = number | string | null;

function sortKey(proxy: CatalogueProxy, field: SortField): Key {
  switch (field) {
    case 'id':
      return proxy.id;
    case 'ipqualityscore':
      return Number.isFinite(proxy.ipqualityscore) ? proxy.ipqualityscore : null;
    case 'ip':
      return proxy.ip.trim() === '' ? null : (ipKey(proxy.ip) ?? proxy.ip);
    default:
      return proxy[field].trim() === '' ? null : proxy[field];
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Sorted copy; missing values (blank text) go last in both directions. Keys are computed once
 * per row (not per comparison), which keeps 100,000 rows well under the 50 ms budget.
 */
export function sortProxies(proxies: readonly CatalogueProxy[], sort: SortConfig | null): readonly CatalogueProxy[] {
  if (!sort) return proxies;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = proxies.map((proxy) => ({ proxy, key: sortKey(proxy, sort.field) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? 0 : a.key === null ? 1 : -1;
    if (typeof a.key === 'number' && typeof b.key === 'number') return sign * (a.key - b.key);
    if (typeof a.key === 'number') return -sign;
    if (typeof b.key === 'number') return sign;
    return sign * collator.compare(a.key, b.key);
  });
  return keyed.map((entry) => entry.proxy);
}

export interface PageInfo<T> {
  rows: readonly T[];
  page: number;
  pageCount: number;
}

/** One page of CATALOGUE_PAGE_SIZE rows; the page is clamped so a shrinking list never shows an empty page. */
export function pageOf<T>(rows: readonly T[], page: number, size: number = CATALOGUE_PAGE_SIZE): PageInfo<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pageCount };
}
