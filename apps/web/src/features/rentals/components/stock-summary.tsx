import { dollarsToNearestCents, formatCents, type StockGroup } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useStock } from '../api/get-stock';
import { CountryFlag } from './country-flag';
import { useCountryName } from './use-country-name';

/**
 * What the shop has for sale, for those who cannot see the list itself (visitors, empty wallets):
 * country, type, protocol, how many and the price of a day from. A list of cards, one per group,
 * so it needs no horizontal room on a phone.
 */
export function StockSummary() {
  const { t } = useTranslation('rentals');
  const stock = useStock();
  const countryName = useCountryName();

  if (stock.isPending) return <p className="text-slate-600">{t('loading')}</p>;
  if (stock.isError) return <p className="text-red-700">{t('stock.failed')}</p>;
  if (stock.data.length === 0) return <p className="text-slate-700">{t('stock.empty')}</p>;

  const total = stock.data.reduce((sum, group) => sum + group.count, 0);
  return (
    <section aria-labelledby="stock-title" className="flex flex-col gap-3 text-left">
      <h2 id="stock-title" className="text-xl font-semibold text-slate-900">
        {t('stock.title', { count: total })}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="stock">
        {stock.data.map((group: StockGroup) => (
          <li
            key={`${group.country}-${group.type}-${group.protocol}`}
            data-testid="stock-group"
            className="flex items-center justify-between gap-3 rounded-xl bg-white p-3 text-sm shadow-sm"
          >
            <span className="flex min-w-0 flex-col">
              <span className="flex items-center gap-2 font-medium text-slate-900">
                <CountryFlag code={group.country} />
                <span className="truncate">{countryName(group.country)}</span>
              </span>
              <span className="text-slate-600">
                {t(`proxyTypes.${group.type}`)} · {group.protocol} · {t('stock.count', { count: group.count })}
              </span>
            </span>
            <span className="shrink-0 text-right font-semibold text-slate-900 tabular-nums">
              {t('stock.from', { price: formatCents(dollarsToNearestCents(group.day_price_from)) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
