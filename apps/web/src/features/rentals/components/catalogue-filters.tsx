import { FRAUD_SCORE_BANDS, PROXY_TYPES, servedProtocols, type FraudScoreBand } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Options } from '../../../components/ui/options';
import { useStorefrontFacts } from '../../../lib/storefront-facts';
import { ALL, type CascadeOptions, type CatalogueFilters } from '../lib/catalogue-view';

const select =
  'w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600';

const fieldLabel = 'flex flex-col gap-1 text-xs font-medium text-slate-600';

type Change = <K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K]) => void;
/** Every filter but the id, which is typed in. */
type SelectKey = Exclude<keyof CatalogueFilters, 'id'>;
/** One option of a filter: the value it sets and the text it shows. */
type Choice<K extends SelectKey> = readonly [value: CatalogueFilters[K], text: string];

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
  const pick = <K extends SelectKey>(key: K, label: string, choices: readonly Choice<K>[]) => (
    <label className={fieldLabel}>
      {label}
      <select
        className={select}
        value={filters[key]}
        // The options are the choices given for this key (or ALL), so the value is one of them.
        onChange={(event) => onChange(key, event.target.value as CatalogueFilters[K])}
      >
        <option value={ALL}>{all}</option>
        <Options choices={choices} />
      </select>
    </label>
  );
  const shown = (values: readonly string[]) => values.map((value): Choice<SelectKey> => [value, value]);

  return (
    <fieldset className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-4 lg:grid-cols-9">
      <legend className="sr-only">{t('filters.title')}</legend>
      {pick(
        'type',
        t('filters.type'),
        PROXY_TYPES.map((type): Choice<'type'> => [type, t(`proxyTypes.${type}`)]),
      )}
      <label className={fieldLabel}>
        {t('filters.id')}
        <input
          className={select}
          inputMode="numeric"
          value={filters.id}
          placeholder={all}
          onChange={(event) => onChange('id', event.target.value.replace(/\D/g, ''))}
        />
      </label>
      {pick(
        'country',
        t('filters.country'),
        options.country.map((code): Choice<'country'> => [code, countryName(code)]),
      )}
      {pick('region', t('filters.region'), shown(options.region))}
      {pick('city', t('filters.city'), shown(options.city))}
      {pick('isp', t('filters.isp'), shown(options.isp))}
      {pick('zip', t('filters.zip'), shown(options.zip))}
      {pick(
        'quality',
        t('filters.quality'),
        (Object.keys(FRAUD_SCORE_BANDS) as FraudScoreBand[]).map((band): Choice<'quality'> => [
          band,
          t(`filters.bands.${band}`, FRAUD_SCORE_BANDS[band]),
        ]),
      )}
      {pick('protocol', t('filters.protocol'), shown(protocols))}
      {pick('udp', t('filters.udp'), [['with', t('filters.udpWith')]])}
    </fieldset>
  );
}
