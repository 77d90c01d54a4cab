import { RENTAL_STATUS, type HistoryRecord } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

/**
 * The history's status cell. A connected rental whose proxy the shop disabled, or that fails its
 * checks, reads "Not working" rather than "Connected", says why, and offers what the rules allow:
 * a free replacement, and the refund deadline when the recorded facts already grant one. A
 * connected rental whose one refund request was refused says so, since its Refund is gone.
 */
export function RentalStatus({
  record,
  now,
  onReplace,
}: {
  record: HistoryRecord;
  now: number;
  onReplace: () => void;
}) {
  const { t, i18n } = useTranslation('rentals');
  const format = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const refused = <RefundRefused record={record} />;
  if (record.status !== RENTAL_STATUS.connected || record.proxy_state === 'working') {
    return (
      <>
        {t(`statuses.${record.status}`)}
        {refused}
      </>
    );
  }
  const refundUntil =
    !record.refund_requested && record.refund_until && Date.parse(record.refund_until) > now
      ? record.refund_until
      : null;
  return (
    <div data-testid="proxy-not-working" className="flex max-w-56 flex-col items-start gap-1">
      <Badge tone="red">{t('health.notWorking')}</Badge>
      <span className="text-xs text-slate-700">
        {t(record.proxy_state === 'disabled' ? 'health.disabled' : 'health.failing')}
      </span>
      {refundUntil && (
        <span className="text-xs text-slate-700">
          {t('health.refundUntil', { time: format.format(new Date(refundUntil)) })}
        </span>
      )}
      {refused}
      {record.can_replace && (
        <Button
          variant="secondary"
          size="xs"
          onClick={onReplace}
          aria-label={t('health.replaceProxy', { id: record.id })}
        >
          {t('health.replace')}
        </Button>
      )}
    </div>
  );
}

/** A connected rental's refused refund request (a granted one ends the rental: refunded). */
export function RefundRefused({ record }: { record: HistoryRecord }) {
  const { t } = useTranslation('rentals');
  if (record.status !== RENTAL_STATUS.connected || !record.refund_requested) return null;
  return (
    <span data-testid="refund-refused" className="block text-xs text-slate-700">
      {t('health.refundRefused')}
    </span>
  );
}
