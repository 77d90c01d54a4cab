import { formatCents, HOURS_PER_DAY, priceCents, type CatalogueProxy } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableShell } from '../../../components/table-shell';
import { Button } from '../../../components/ui/button';
import { SORT_FIELDS, type SortConfig, type SortField } from '../lib/catalogue-view';
import { CountryFlag } from './country-flag';
import { FraudScoreBar } from './fraud-score-bar';
import { UdpMark } from './udp-mark';
import { useMediaQuery } from './use-media-query';

/** The price of one day at this proxy's fraud-score discount: the buy dialog's own figure. */
const dayPrice = (proxy: CatalogueProxy) => formatCents(priceCents(HOURS_PER_DAY, proxy.ipqualityscore));

interface RowsProps {
  rows: readonly CatalogueProxy[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onBuy: (id: number) => void;
  sort: SortConfig | null;
  onSort: (field: SortField) => void;
  /** Cards have no column headers to click: a menu sets field and direction. */
  onSortTo: (sort: SortConfig | null) => void;
  countryName: (code: string) => string;
}

/** What a table row and a card both show of one proxy, and what they do with it. */
interface ItemProps {
  proxy: CatalogueProxy;
  isSelected: boolean;
  onToggle: () => void;
  onBuy: (id: number) => void;
  countryName: (code: string) => string;
}

/**
 * One page of the catalogue: a table on wide screens, cards on small ones. Only
 * one of the two is rendered, and never more than the page's rows.
 */
export function ProxyRows({ rows, selected, onToggle, onBuy, sort, onSort, onSortTo, countryName }: RowsProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  // One loop for both layouts, so a row and a card cannot differ in what selects or buys their proxy.
  const items = rows.map((proxy) => {
    const item: ItemProps = {
      proxy,
      isSelected: selected.has(proxy.id),
      onToggle: () => onToggle(proxy.id),
      onBuy,
      countryName,
    };
    return (
      <SelectableItem key={proxy.id} wide={wide} isSelected={item.isSelected} onToggle={item.onToggle}>
        {wide ? <ProxyCells {...item} /> : <ProxyCardBody {...item} />}
      </SelectableItem>
    );
  });
  return wide ? (
    <ProxyTable sort={sort} onSort={onSort}>
      {items}
    </ProxyTable>
  ) : (
    <ProxyCards sort={sort} onSortTo={onSortTo}>
      {items}
    </ProxyCards>
  );
}

/** Buys one proxy straight from its row or card. */
function BuyButton({ id, onBuy }: { id: number; onBuy: (id: number) => void }) {
  const { t } = useTranslation('rentals');
  return (
    <Button
      size="sm"
      aria-label={t('table.buyProxy', { id })}
      onClick={(event) => {
        // A click on the row or card toggles its selection; buying must leave that as it was.
        event.stopPropagation();
        onBuy(id);
      }}
    >
      {t('table.buy')}
    </Button>
  );
}

function ProxyTable({ sort, onSort, children }: Pick<RowsProps, 'sort' | 'onSort'> & { children: ReactNode }) {
  const { t } = useTranslation('rentals');
  const header = (field: SortField | null, label: string) => {
    if (!field) return <th className="px-3 py-2 text-left font-semibold">{label}</th>;
    const active = sort?.field === field;
    return (
      <th
        className="px-3 py-2 text-left font-semibold"
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <button type="button" className="flex items-center gap-1 hover:text-brand-700" onClick={() => onSort(field)}>
          {label}
          <span aria-hidden>{active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
        </button>
      </th>
    );
  };
  return (
    <TableShell
      label={t('title')}
      card
      head={
        <>
          <th className="px-3 py-2">
            <span className="sr-only">{t('table.select')}</span>
          </th>
          {header('id', t('table.id'))}
          {header('ip', t('table.ip'))}
          {header(null, t('table.country'))}
          {header('region', t('table.region'))}
          {header('city', t('table.city'))}
          {header(null, t('table.isp'))}
          {header('zip', t('table.zip'))}
          {header('ipqualityscore', t('table.quality'))}
          {header(null, t('filters.type'))}
          {header(null, t('table.udp'))}
          {header(null, t('table.dayPrice'))}
          <th className="px-3 py-2">
            <span className="sr-only">{t('table.actions')}</span>
          </th>
        </>
      }
    >
      {children}
    </TableShell>
  );
}

/**
 * The element of one proxy, a table row or a card: a click anywhere on it toggles the proxy's
 * selection, and it carries that selection for its styles. A row says it to assistive technology
 * with aria-selected; a list item takes no aria-selected (the checkbox inside says it), so a card
 * carries it as data-selected for its border alone.
 */
function SelectableItem({
  wide,
  isSelected,
  onToggle,
  children,
}: Pick<ItemProps, 'isSelected' | 'onToggle'> & { wide: boolean; children: ReactNode }) {
  const Tag = wide ? 'tr' : 'li';
  const selection = wide ? { 'aria-selected': isSelected } : { 'data-selected': isSelected };
  return (
    <Tag
      data-testid="proxy-row"
      {...selection}
      onClick={onToggle}
      className={
        wide
          ? 'cursor-pointer border-t border-slate-100 hover:bg-slate-50 aria-selected:bg-brand-50'
          : 'rounded-2xl border border-transparent bg-white p-4 shadow-sm data-[selected=true]:border-brand-600'
      }
    >
      {children}
    </Tag>
  );
}

/** A table row's cells of one proxy. */
function ProxyCells({ proxy, isSelected, onToggle, onBuy, countryName }: ItemProps) {
  const { t } = useTranslation('rentals');
  return (
    <>
      <td className="px-3 py-2">
        <input
          type="checkbox"
          checked={isSelected}
          aria-label={t('table.selectProxy', { id: proxy.id })}
          onClick={(event) => event.stopPropagation()}
          onChange={onToggle}
        />
      </td>
      <td className="px-3 py-2 tabular-nums">{proxy.id}</td>
      <td className="px-3 py-2 font-mono">{proxy.ip}</td>
      <td className="px-3 py-2">
        <span className="flex items-center gap-2">
          <CountryFlag code={proxy.country} />
          {countryName(proxy.country)}
        </span>
      </td>
      <td className="px-3 py-2">{proxy.region}</td>
      <td className="px-3 py-2">{proxy.city}</td>
      <td className="px-3 py-2">{proxy.ISP}</td>
      <td className="px-3 py-2">{proxy.zip}</td>
      <td className="px-3 py-2">
        <FraudScoreBar score={proxy.ipqualityscore} label={t('table.quality')} />
      </td>
      <td className="px-3 py-2">{t(`proxyTypes.${proxy.type}`)}</td>
      <td className="px-3 py-2">
        <UdpMark udp={proxy.udp} />
      </td>
      <td className="px-3 py-2 font-semibold whitespace-nowrap tabular-nums" data-testid="day-price">
        {dayPrice(proxy)}
      </td>
      <td className="px-3 py-2">
        <BuyButton id={proxy.id} onBuy={onBuy} />
      </td>
    </>
  );
}

const SORT_LABEL: Record<
  SortField,
  'table.id' | 'table.ip' | 'table.region' | 'table.city' | 'table.zip' | 'table.quality'
> = {
  id: 'table.id',
  ip: 'table.ip',
  region: 'table.region',
  city: 'table.city',
  zip: 'table.zip',
  ipqualityscore: 'table.quality',
};

function SortMenu({ sort, onSortTo }: Pick<RowsProps, 'sort' | 'onSortTo'>) {
  const { t } = useTranslation('rentals');
  const value = sort ? `${sort.field}:${sort.direction}` : '';
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
      {t('sort.label')}
      <select
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        value={value}
        onChange={(event) => {
          const [field, direction] = event.target.value.split(':') as [SortField, SortConfig['direction']];
          onSortTo(event.target.value ? { field, direction } : null);
        }}
      >
        <option value="">{t('sort.none')}</option>
        {SORT_FIELDS.flatMap((field) =>
          (['asc', 'desc'] as const).map((direction) => (
            <option key={`${field}:${direction}`} value={`${field}:${direction}`}>
              {`${t(SORT_LABEL[field])} ${direction === 'asc' ? '↑' : '↓'}`}
            </option>
          )),
        )}
      </select>
    </label>
  );
}

function ProxyCards({ sort, onSortTo, children }: Pick<RowsProps, 'sort' | 'onSortTo'> & { children: ReactNode }) {
  return (
    <>
      <SortMenu sort={sort} onSortTo={onSortTo} />
      <ul className="flex flex-col gap-3">{children}</ul>
    </>
  );
}

/** A card's content of one proxy. */
function ProxyCardBody({ proxy, isSelected, onToggle, onBuy, countryName }: ItemProps) {
  const { t } = useTranslation('rentals');
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <label className="flex items-center gap-2 font-semibold" onClick={(event) => event.stopPropagation()}>
          <input type="checkbox" checked={isSelected} onChange={onToggle} />
          {t('table.idValue', { id: proxy.id })}
        </label>
        <span className="font-mono text-sm">{proxy.ip}</span>
      </div>
      <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
        <CountryFlag code={proxy.country} />
        {[countryName(proxy.country), proxy.region, proxy.city].filter(Boolean).join(', ')}
      </p>
      <p className="flex items-center gap-2 text-sm text-slate-600">
        {[proxy.ISP, proxy.zip].filter(Boolean).join(' · ')}
        <UdpMark udp={proxy.udp} spelled />
      </p>
      <p className="mt-1 flex items-center justify-between gap-2 text-sm">
        <span className="text-slate-700">{t(`proxyTypes.${proxy.type}`)}</span>
        <span className="font-semibold tabular-nums" data-testid="day-price">
          {t('table.perDay', { price: dayPrice(proxy) })}
        </span>
      </p>
      <div className="mt-2 flex items-center justify-between">
        <FraudScoreBar score={proxy.ipqualityscore} label={t('table.quality')} showLabel />
        <BuyButton id={proxy.id} onBuy={onBuy} />
      </div>
    </>
  );
}
