import { DISABLE_REPLACE_REASON, type HistoryRecord } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useCountryName } from './use-country-name';

/**
 * What tells one rental from another in a long history: the exit IP and country of its
 * proxy, and the proxy it replaced, as secondary text under the id. The note is shown beside it.
 */
export function RentalFacts({ record }: { record: HistoryRecord }) {
  const { t } = useTranslation('rentals');
  const countryName = useCountryName();
  const replaced = record.replaced_from;
  return (
    <>
      <span data-testid="exit" className="block text-xs text-slate-600">
        {t('history.exit', { ip: record.exit_ip ?? record.ip, country: countryName(record.country) })}
      </span>
      {replaced && (
        <span data-testid="replaced-from" className="block text-xs text-slate-600">
          {t(
            replaced.reason === DISABLE_REPLACE_REASON
              ? 'health.replacedByShop'
              : replaced.automatic
                ? 'replace.replacedAutomatically'
                : 'replace.replacedFrom',
            {
              ip: replaced.ip,
              id: replaced.proxy_id,
            },
          )}
        </span>
      )}
    </>
  );
}
