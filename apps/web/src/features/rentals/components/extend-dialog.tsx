import { formatCents, MAX_PURCHASE_HOURS, priceCents, RENTAL_STATUS, type HistoryRecord } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { accountKeys } from '../../account/api/keys';
import { buyProxy } from '../api/buy-proxy';
import { rentalKeys } from '../api/keys';
import { parsePurchaseHours } from '../lib/duration';
import { useCountryName } from './use-country-name';
import { TimeLeft } from './time-left';

/**
 * Extend dialog (the product spec): the proxy's facts, its string and time left when
 * connected, and an hours input. Success updates the wallet, refreshes the catalogue and history,
 * and hands the proxy to the status dialog.
 */
export function ExtendDialog({
  record,
  now,
  onClose,
  onExtended,
}: {
  record: HistoryRecord | null;
  now: number;
  onClose: () => void;
  onExtended: (id: number) => void;
}) {
  const { t } = useTranslation('rentals');
  const queryClient = useQueryClient();
  const countryName = useCountryName();
  const [hoursText, setHoursText] = useState('1');
  const hours = parsePurchaseHours(hoursText);

  const extend = useMutation({
    mutationFn: ({ id, hours: extra }: { id: number; hours: number }) => buyProxy(id, extra, 'extend'),
    onSuccess: (answer, { id, hours: extra }) => {
      toast.success(t('extend.success', { hours: extra }));
      queryClient.setQueryData(accountKeys.wallet(), answer.wallet);
      void queryClient.invalidateQueries({ queryKey: rentalKeys.all });
      onExtended(id);
    },
    onError: (error) => toast.error(t('extend.failed', { cause: apiErrorText(error) })),
  });

  const submit = () => {
    // Spec section 5: extending needs a proxy id.
    if (!record) {
      toast.error(t('extend.noId'));
      return;
    }
    extend.mutate({ id: record.id, hours });
  };

  const facts: [string, string][] = record
    ? [
        [t('table.id'), String(record.id)],
        [t('table.ip'), record.ip],
        [t('table.country'), countryName(record.country)],
        [t('table.region'), record.region],
        [t('table.city'), record.city],
        [t('table.zip'), record.zip],
        [t('table.quality'), String(record.ipqualityscore)],
      ]
    : [];

  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('extend.title')}
      closeLabel={t('dialog.close')}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium">{value || '—'}</dd>
          </div>
        ))}
        {record?.status === RENTAL_STATUS.connected && (
          <>
            <dt className="text-slate-600">{t('extend.proxy')}</dt>
            <dd className="font-mono text-xs break-all">{record.proxy}</dd>
            <dt className="text-slate-600">{t('history.timeLeft')}</dt>
            <dd>
              <TimeLeft endTime={record.end_time} now={now} />
            </dd>
          </>
        )}
      </dl>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        {t('extend.hours')}
        <input
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={hoursText}
          onChange={(event) => setHoursText(event.target.value)}
          className="rounded-lg border border-slate-300 px-3 py-2 tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600"
        />
      </label>
      <p className="text-sm text-slate-700">
        {t('extend.price', { price: formatCents(record ? priceCents(hours, record.ipqualityscore) : 0) })}
      </p>
      {hours > MAX_PURCHASE_HOURS && (
        <p role="alert" className="text-sm text-red-700">
          {t('purchase.tooLong', { max: MAX_PURCHASE_HOURS })}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button onClick={submit} disabled={extend.isPending || hours > MAX_PURCHASE_HOURS}>
          {t('extend.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
