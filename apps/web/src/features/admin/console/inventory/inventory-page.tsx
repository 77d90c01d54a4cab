import { INVENTORY_STATES } from '@portal/contract';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventory } from '../api/get-inventory';
import { useNodes } from '../api/nodes';
import { useDiscoveryStatus } from '../api/check-proxies';
import { Pager, usePaging } from '../components/pager';
import { QueryState } from '../components/query-state';
import { ScreenHeader } from '../components/table';
import { SearchField, SelectField } from '../components/field';
import { useConsoleFormat } from '../components/use-console-format';
import { filterInventory, type StateFilter } from './filter-inventory';
import { InventoryImport } from './inventory-import';
import { InventoryTable } from './inventory-table';

/** 50 rows a page: a screenful, and cheap to render however large the inventory is. */
export const INVENTORY_PAGE_SIZE = 50;

/** Inventory: import, search and filter, enable/disable, health per proxy. */
export function InventoryPage() {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  // While discovery runs, the page follows it without a reload.
  // The names for the gateway column; without them (a failed load) a proxy still shows the shop's gateway or its node's id.
  const nodes = useNodes({ poll: false });
  const inventory = useInventory({
    queryConfig: {
      refetchInterval: (query) => (query.state.data?.some((row) => row.state === 'checking') ? 2000 : false),
    },
  });
  const discovery = useDiscoveryStatus();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  // Typing stays responsive: filtering 20,000 rows runs on the deferred value.
  const deferredSearch = useDeferredValue(search);
  const rows = useMemo(
    () => filterInventory(inventory.data ?? [], deferredSearch, state),
    [inventory.data, deferredSearch, state],
  );
  const { pageRows, pager, setPage } = usePaging(rows, INVENTORY_PAGE_SIZE);

  return (
    <>
      <ScreenHeader title={t('inventory.title')} />
      <InventoryImport />
      {discovery.data && (
        <p className="mt-3 text-sm text-slate-700" data-testid="ipqs-budget">
          {!discovery.data.ipqs.configured
            ? t('inventory.ipqs.off')
            : discovery.data.ipqs.used >= discovery.data.ipqs.limit
              ? t('inventory.ipqs.exhausted', discovery.data.ipqs)
              : t('inventory.ipqs.budget', discovery.data.ipqs)}
        </p>
      )}
      <section aria-labelledby={`${searchId}-heading`} className="mt-6">
        <h2 id={`${searchId}-heading`} className="sr-only">
          {t('inventory.listTitle')}
        </h2>
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <SearchField
            label={t('inventory.search')}
            value={search}
            placeholder={t('inventory.searchPlaceholder')}
            onValue={(text) => {
              setSearch(text);
              setPage(0);
            }}
          />
          <SelectField
            label={t('inventory.state')}
            value={state}
            onChange={(value) => {
              setState(value as StateFilter);
              setPage(0);
            }}
            options={[
              ['all', t('states.all')],
              ...INVENTORY_STATES.map((value) => [value, t(`states.${value}`)] as const),
            ]}
          />
        </div>
        {inventory.data ? (
          <>
            <p className="mb-2 text-sm text-slate-700" role="status" data-testid="inventory-count">
              {/* The pager below says which rows this page shows; this says how many match. */}
              {t(rows.length === inventory.data.length ? 'inventory.countAll' : 'inventory.countMatching', {
                shown: format.number(rows.length),
                total: format.number(inventory.data.length),
              })}
            </p>
            <InventoryTable rows={pageRows} nodes={nodes.data?.nodes ?? []} />
            <Pager {...pager} />
          </>
        ) : (
          <QueryState error={inventory.error} onRetry={() => void inventory.refetch()} />
        )}
      </section>
    </>
  );
}
