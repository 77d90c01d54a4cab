import { FRAUD_SCORE_BANDS, PROXY_TYPES, servedProtocols, type FraudScoreBand } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useStorefrontFacts } from '../../../lib/storefront-facts';
import { ALL, type CascadeOptions, type CatalogueFilters } from '../lib/catalogue-view';

const select =
  'w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600';

type Change = <K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K]) => void;

/** The seven catalogue filters plus type, protocol and UDP; options come from the cascade. */
export function CatalogueFiltersBar({
  filters,
  options,
  onChange,
  countryName,
}: {
  filters: CatalogueFilters;
  options: CascadeOptions;
  onChange: Change;
  countryName: (code: string) => string;
}) {
  const { t } = useTranslation('rentals');
  const all = t('filters.all');
  // Only what the gateway serves (HTTPS only with its TLS port); until the shop's figures arrive,
  // the protocols every configuration serves.
  const protocols = useStorefrontFacts()?.protocols ?? servedProtocols({ tls: false });
  const pick = (key: 'region' | 'city' | 'isp' | 'zip', label: string) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <select className={select} value={filters[key]} onChange={(event) => onChange(key, event.target.value)}>
        <option value={ALL}>{all}</option>
        {options[key].map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <fieldset className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-4 lg:grid-cols-9">
      <legend className="sr-only">{t('filters.title')}</legend>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        {t('filters.type')}
        <select className={select} value={filters.type} onChange={(event) => onChange('type', event.target.value)}>
          <option value={ALL}>{all}</option>
          {PROXY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`proxyTypes.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        {t('filters.id')}
        <input
          className={select}
          inputMode="numeric"
          value={filters.id}
          placeholder={all}
          onChange={(event) => onChange('id', event.target.value.replace(/\D/g, ''))}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        {t('filters.country')}
        <select
          className={select}
          value={filters.country}
          onChange={(event) => onChange('country', event.target.value)}
        >
          <option value={ALL}>{all}</option>
          {options.country.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
      </label>
      {pick('region', t('filters.region'))}
      {pick('city', t('filters.city'))}
      {pick('isp', t('filters.isp'))}
      {pick('zip', t('filters.zip'))}
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        {t('filters.quality')}
        <select
          className={select}
          value={filters.quality}
          onChange={(event) => onChange('quality', event.target.value as CatalogueFilters['quality'])}
        >
          <option value={ALL}>{all}</option>
          {(Object.keys(FRAUD_SCORE_BANDS) as FraudScoreBand[]).map((band) => (
            <option key={band} value={band}>
              {t(`filters.bands.${band}`, FRAUD_SCORE_BANDS[band])}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        {t('filters.protocol')}
        <select
          className={select}
          value={filters.protocol}
          onChange={(event) => onChange('protocol', event.target.value)}
        >
          <option value={ALL}>{all}</option>
          {protocols.map((protocol) => (
            <option key={protocol} value={protocol}>
              {protocol}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        {t('filters.udp')}
        <select
          className={select}
          value={filters.udp}
          onChange={(event) => onChange('udp', event.target.value as CatalogueFilters['udp'])}
        >
          <option value={ALL}>{all}</option>
          <option value="with">{t('filters.udpWith')}</option>
        </select>
      </label>
    </fieldset>
  );
}
