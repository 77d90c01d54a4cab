import { SUMID_CHECK_INTERVAL_MS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { apiErrorText } from '../../../lib/api-error-text';
import { getCatalogueQueryOptions, loadCatalogue, useCatalogue } from '../api/get-catalogue';
import { ActivationDialog } from './activation-dialog';
import { NotEnoughLinks } from './add-funds-link';
import { CatalogueFiltersBar } from './catalogue-filters';
import { Pagination } from './pagination';
import { ProxyRows } from './proxy-table';
import { PurchaseDialog } from './purchase-dialog';
import { StockSummary } from './stock-summary';
import { ALL } from '../lib/catalogue-view';
import { useCatalogueView } from './use-catalogue-view';
import { useMediaQuery } from './use-media-query';
import { useCountryName } from './use-country-name';
import { usePurchase } from './use-purchase';
import { useRefreshCooldown } from './use-refresh-cooldown';

/** Proxy catalogue (/proxy): the free proxies, filtered and paged, and the purchase of a selection. */
export function CataloguePage() {
  const { t } = useTranslation('rentals');
  const queryClient = useQueryClient();
  // Every 30 s the list query asks the sumid; an unchanged one answers from the cache.
  const catalogue = useCatalogue({ queryConfig: { refetchInterval: SUMID_CHECK_INTERVAL_MS } });
  const proxies = catalogue.data?.kind === 'list' ? catalogue.data.proxies : undefined;
  const view = useCatalogueView(proxies);
  const countryName = useCountryName();
  const cooldown = useRefreshCooldown();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialogOpen, setDialogOpen] = useState(false);
  const [activating, setActivating] = useState<number[]>([]);
  const purchase = usePurchase({
    onBought: (ids) => {
      setSelected(new Set());
      setDialogOpen(false);
      setActivating(ids);
    },
  });

  // The server's `message` is English only; the reader's language has the same sentence.
  const notEnough = catalogue.data?.kind === 'notEnough';
  useEffect(() => {
    if (notEnough) toast.warning(t('notEnough.warning'), { id: 'not-enough' });
  }, [notEnough, t]);
  const sumidError = catalogue.data?.sumidError;
  useEffect(() => {
    if (sumidError === undefined) return;
    const { cause, polled } = sumidError;
    const invalid = isApiError(cause) && cause.kind === 'invalid-response';
    const text = polled
      ? t('sumid.pollInvalid')
      : invalid
        ? t('sumid.invalid')
        : t('sumid.failed', { message: apiErrorText(cause) });
    toast.warning(text, { id: 'sumid-error' });
  }, [sumidError, t]);
  useEffect(() => {
    if (!catalogue.error) return;
    // JSON that is not a list reads "Invalid proxy list response"; an answer that is not JSON at all
    // says the load failed on an invalid response; any other failure says why.
    const error = catalogue.error;
    const text =
      isApiError(error) && error.kind === 'invalid-response'
        ? error.notJson
          ? t('loadFailedInvalid')
          : t('invalidList')
        : t('loadFailed', { message: apiErrorText(error) });
    toast.error(text, { id: 'catalogue-error' });
  }, [catalogue.error, t]);

  const byId = useMemo(() => new Map((proxies ?? []).map((proxy) => [proxy.id, proxy])), [proxies]);
  const selectedProxies = useMemo(
    () => [...selected].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    [selected, byId],
  );

  const toggle = (id: number) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const openPurchase = (only?: number) => {
    if (only !== undefined) setSelected(new Set([only]));
    else if (selected.size === 0) {
      toast.warning(t('selectFirst'));
      return;
    }
    if (purchase.canBuy()) setDialogOpen(true);
  };

  const refresh = () => {
    cooldown.start();
    // fetchQuery joins a load already running, so only one load runs at a time.
    void queryClient
      .fetchQuery({
        ...getCatalogueQueryOptions(),
        queryFn: ({ signal }) => loadCatalogue({ force: true, signal }),
        staleTime: 0,
      })
      .catch(() => undefined);
  };

  const wide = useMediaQuery('(min-width: 768px)');
  const activeFilters = Object.entries(view.filters).filter(([key, value]) =>
    key === 'id' ? value !== '' : value !== ALL,
  ).length;
  const filtersBar = (
    <CatalogueFiltersBar
      filters={view.filters}
      options={view.options}
      onChange={view.onFilter}
      countryName={countryName}
    />
  );

  const counts = t('counts', {
    total: view.total,
    filtered: view.filteredCount,
    page: view.page,
    pageCount: view.pageCount,
  });

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 pb-28 md:pb-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
        <Button variant="secondary" onClick={refresh} disabled={cooldown.secondsLeft > 0}>
          {cooldown.secondsLeft > 0 ? t('refreshIn', { seconds: cooldown.secondsLeft }) : t('refresh')}
        </Button>
      </div>

      {notEnough ? (
        <>
          <section role="alert" className="rounded-2xl border border-orange-200 bg-orange-50 p-6 text-center">
            <h2 className="text-xl font-semibold text-orange-900">{t('notEnough.title')}</h2>
            <p className="mt-2 text-orange-900">{t('notEnough.warning')}</p>
            <NotEnoughLinks />
          </section>
          {/* What the funds would buy: the list itself needs a positive balance. */}
          <StockSummary />
        </>
      ) : (
        <>
          {wide ? (
            filtersBar
          ) : (
            // On a phone nine filters would fill the first screen: they fold away until asked for.
            <details className="rounded-2xl bg-white shadow-sm [&[open]>summary]:border-b [&[open]>summary]:border-slate-100">
              <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-slate-800">
                {t('filters.title')}
                {activeFilters > 0 && ` (${activeFilters})`}
              </summary>
              {filtersBar}
            </details>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" data-testid="catalogue-counts">
              {catalogue.isPending ? t('loading') : counts}
            </p>
            <Pagination page={view.page} pageCount={view.pageCount} onPage={view.setPage} label={t('pagination.top')} />
          </div>
          <ProxyRows
            rows={view.rows}
            selected={selected}
            onToggle={toggle}
            onBuy={openPurchase}
            sort={view.sort}
            onSort={view.onSort}
            onSortTo={view.sortTo}
            countryName={countryName}
          />
          {proxies && view.filteredCount === 0 && <p className="text-center text-slate-600">{t('noMatches')}</p>}
          <Pagination
            page={view.page}
            pageCount={view.pageCount}
            onPage={view.setPage}
            label={t('pagination.bottom')}
          />
          {/* On small screens the purchase controls stick to the bottom, in reach while the list scrolls. */}
          <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white p-3 shadow-lg md:sticky md:bottom-4 md:rounded-2xl md:border">
            <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
              <span className="text-sm text-slate-700">{t('selectedCount', { count: selected.size })}</span>
              <Button disabled={selected.size === 0} onClick={() => openPurchase()}>
                {t('buySelected', { count: selected.size })}
              </Button>
            </div>
          </div>
        </>
      )}

      <PurchaseDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        proxies={selectedProxies}
        busy={purchase.busy}
        onConfirm={(hours) => purchase.buy({ ids: selectedProxies.map((proxy) => proxy.id), hours })}
      />
      <ActivationDialog key={activating.join(',')} ids={activating} onClose={() => setActivating([])} />
    </div>
  );
}
