import { useTranslation } from 'react-i18next';
import { timeLeftParts } from '../lib/duration';

/** At most two units of d, h, m, s, with the units in the reader's language. */
export function TimeLeft({ endTime, now }: { endTime: string; now: number }) {
  const { t } = useTranslation('rentals');
  const parts = timeLeftParts(Date.parse(endTime) - now);
  if (parts.length === 0) return <span>{t('history.expired')}</span>;
  return (
    <span className="tabular-nums">
      {parts.map((part) => t(`units.${part.unit}`, { count: part.value })).join(' ')}
    </span>
  );
}
