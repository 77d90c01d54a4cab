import { SORT_DELAY_MS, type CatalogueProxy } from '@portal/contract';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  EMPTY_FILTERS,
  cascadeOptions,
  changeFilter,
  filterProxies,
  pageOf,
  sortProxies,
  toggleSort,
  type CatalogueFilters,
  type SortConfig,
  type SortField,
} from '../lib/catalogue-view';

const EMPTY: readonly CatalogueProxy[] = [];

/**
 * Filters, sort and page of the catalogue. Each step is memoised on its own inputs, so paging
 * does not re-filter and filtering does not rebuild the options of unrelated dropdowns. Sorting
 * applies 100 ms after the click.
 */
export function useCatalogueView(proxies: readonly CatalogueProxy[] = EMPTY) {
  const [filters, setFilters] = useState<CatalogueFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortConfig | null>(null);
  const [appliedSort, setAppliedSort] = useState<SortConfig | null>(null);
  // The ID box re-filters as one types; a deferred value keeps the typing itself responsive.
  const deferredFilters = useDeferredValue(filters);

  useEffect(() => {
    const timer = setTimeout(() => setAppliedSort(sort), SORT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sort]);

  const options = useMemo(() => cascadeOptions(proxies, deferredFilters), [proxies, deferredFilters]);
  const filtered = useMemo(() => filterProxies(proxies, deferredFilters), [proxies, deferredFilters]);
  const sorted = useMemo(() => sortProxies(filtered, appliedSort), [filtered, appliedSort]);
  const current = useMemo(() => pageOf(sorted, page), [sorted, page]);

  const onFilter = useCallback(<K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K]) => {
    setFilters((previous) => changeFilter(previous, key, value));
    // Any filter change returns to page 1.
    setPage(1);
  }, []);

  const onSort = useCallback((field: SortField) => setSort((previous) => toggleSort(previous, field)), []);
  // The phone's sort menu picks field and direction at once.
  const sortTo = useCallback((config: SortConfig | null) => setSort(config), []);

  return {
    filters,
    options,
    onFilter,
    sort,
    onSort,
    sortTo,
    total: proxies.length,
    filteredCount: filtered.length,
    rows: current.rows,
    page: current.page,
    pageCount: current.pageCount,
    setPage,
  };
}
