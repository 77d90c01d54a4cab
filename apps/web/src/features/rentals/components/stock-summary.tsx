import { dollarsToNearestCents, formatCents, PROXY_TYPES, type ProxyType, type StockGroup } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStock } from '../api/get-stock';
import { CountryFlag } from './country-flag';
import { useCountryName } from './use-country-name';

interface CountryStock {
  country: string;
  count: number;
  fromCents: number;
  types: ProxyType[];
}

/** The call's groups folded by country: one line per country reads on a phone, one per group did not. */
function byCountry(groups: readonly StockGroup[]): CountryStock[] {
  const countries = new Map<string, { count: number; fromCents: number; types: Set<ProxyType> }>();
  for (const group of groups) {
    const cents = dollarsToNearestCents(group.day_price_from);
    const entry = countries.get(group.country);
    if (entry) {
      entry.count += group.count;
      entry.fromCents = Math.min(entry.fromCents, cents);
      entry.types.add(group.type);
    } else {
      countries.set(group.country, {
        count: group.count,
        fromCents: cents,
        types: new Set([group.type]),
      });
    }
  }
  return [...countries].map(([country, entry]) => ({
    country,
    count: entry.count,
    fromCents: entry.fromCents,
    types: PROXY_TYPES.filter((type) => entry.types.has(type)),
  }));
}

/**
 * What the shop has for sale, for those who cannot see the list itself (visitors, empty wallets):
 * per country the types, how many and the price of a day from (every rental is served over each
 * of the gateway's protocols, so no line names one).
 */
export function StockSummary() {
  const { t } = useTranslation('rentals');
  const stock = useStock();
  const countryName = useCountryName();
  const countries = useMemo(
    () => byCountry(stock.data ?? []).sort((a, b) => countryName(a.country).localeCompare(countryName(b.country))),
    [stock.data, countryName],
  );

  if (stock.isPending) return <p className="text-slate-600">{t('loading')}</p>;
  if (stock.isError) return <p className="text-red-700">{t('stock.failed')}</p>;
  if (countries.length === 0) return <p className="text-slate-700">{t('stock.empty')}</p>;

  const total = countries.reduce((sum, country) => sum + country.count, 0);
  return (
    <section aria-labelledby="stock-title" className="flex flex-col gap-3 text-left">
      <h2 id="stock-title" className="text-xl font-semibold text-slate-900">
        {t('stock.title', { count: total })}
      </h2>
      {/* Columns of minmax(0, 1fr) and min-w-0 cards: an implicit column took the width of the longest
          line, which pushed the cards past a 375 px screen in Russian. */}
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="stock">
        {countries.map((entry) => (
          <li
            key={entry.country}
            data-testid="stock-group"
            className="flex min-w-0 items-center justify-between gap-3 rounded-xl bg-white p-3 text-sm shadow-sm"
          >
            <span className="flex min-w-0 flex-col">
              {/* The count may go under the name, so a long name ("Великобритания") stays whole. */}
              <span className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900">
                <CountryFlag code={entry.country} />
                <span className="min-w-0 break-words">{countryName(entry.country)}</span>
                <span className="shrink-0 font-normal text-slate-600">{t('stock.count', { count: entry.count })}</span>
              </span>
              <span className="text-slate-600">{entry.types.map((type) => t(`proxyTypes.${type}`)).join(', ')}</span>
            </span>
            <span className="shrink-0 text-right font-semibold text-slate-900 tabular-nums">
              {t('stock.from', { price: formatCents(entry.fromCents) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
