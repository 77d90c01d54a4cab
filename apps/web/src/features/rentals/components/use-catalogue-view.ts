import { SORT_DELAY_MS, type CatalogueProxy } from '@portal/contract';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import * as view from '../lib/catalogue-view';

const EMPTY: readonly CatalogueProxy[] = [];

/**
 * Filters, sort and page of the catalogue. Each step is memoised on its own inputs, so paging
 * does not re-filter and filtering does not rebuild the options of unrelated dropdowns. Sorting
 * applies 100 ms after the click.
 */
export function useCatalogueView(proxies: readonly CatalogueProxy[] = EMPTY) {
  const [filters, setFilters] = useState<view.CatalogueFilters>(view.EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<view.SortConfig | null>(null);
  const [appliedSort, setAppliedSort] = useState<view.SortConfig | null>(null);
  // The ID box re-filters as one types; a deferred value keeps the typing itself responsive.
  const deferredFilters = useDeferredValue(filters);

  useEffect(() => {
    const timer = setTimeout(() => setAppliedSort(sort), SORT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sort]);

  const options = useMemo(() => view.cascadeOptions(proxies, deferredFilters), [proxies, deferredFilters]);
  const filtered = useMemo(() => view.filterProxies(proxies, deferredFilters), [proxies, deferredFilters]);
  const sorted = useMemo(() => view.sortProxies(filtered, appliedSort), [filtered, appliedSort]);
  const current = useMemo(() => view.pageOf(sorted, page), [sorted, page]);

  const onFilter = useCallback(<K extends keyof view.CatalogueFilters>(key: K, value: view.CatalogueFilters[K]) => {
    setFilters((previous) => view.changeFilter(previous, key, value));
    // Any filter change returns to page 1.
    setPage(1);
  }, []);

  const onSort = useCallback((field: view.SortField) => setSort((previous) => view.toggleSort(previous, field)), []);
  // The phone's sort menu picks field and direction at once.
  const sortTo = useCallback((config: view.SortConfig | null) => setSort(config), []);

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
