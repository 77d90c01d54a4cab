import {
  formatCents,
  MAX_PURCHASE_HOURS,
  priceCents,
  RENTAL_STATUS,
  totalHours,
  type DurationSplit,
  type HistoryRecord,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { serverErrorText } from '../../../lib/api-error-text';
import { sharedKeys } from '../../../lib/query-keys';
import { buyProxy } from '../api/buy-proxy';
import { rentalKeys } from '../api/keys';
import { FIRST_DURATION } from '../lib/duration';
import { DurationInputs } from './duration-inputs';
import { useCountryName } from './use-country-name';
import { TimeLeft } from './time-left';
import { ConnectionString } from './connection-string';

/**
 * Extend dialog: the proxy's facts, its string and time left when
 * connected, and the purchase dialog's duration picker. Success updates the wallet, refreshes the catalogue and history,
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
  /** wasConnected: the rental was working when extended, so there is no activation to watch. */
  onExtended: (id: number, wasConnected: boolean) => void;
}) {
  const { t } = useTranslation('rentals');
  const queryClient = useQueryClient();
  const countryName = useCountryName();
  const [duration, setDuration] = useState<DurationSplit>(FIRST_DURATION);
  const hours = totalHours(duration);

  const extend = useMutation({
    mutationFn: ({ id, hours: extra }: { id: number; hours: number }) => buyProxy(id, extra, 'extend'),
    onSuccess: (answer, { id, hours: extra }) => {
      toast.success(t('extend.success', { count: extra }));
      queryClient.setQueryData(sharedKeys.wallet(), answer.wallet);
      void queryClient.invalidateQueries({ queryKey: rentalKeys.all });
      onExtended(id, record?.status === RENTAL_STATUS.connected);
    },
    onError: (error) => {
      const cause = serverErrorText(error);
      toast.error(cause ? t('extend.failed', { cause }) : t('extend.failedPlain'));
    },
  });

  const submit = () => {
    // The rental's history entry names the proxy to extend: without it there is nothing to extend.
    if (!record) {
      toast.error(t('extend.notFound'));
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
            <dd>
              <ConnectionString className="font-mono text-xs" text={record.proxy} />
            </dd>
            <dt className="text-slate-600">{t('history.timeLeft')}</dt>
            <dd>
              <TimeLeft endTime={record.end_time} now={now} />
            </dd>
          </>
        )}
      </dl>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('extend.hours')}</legend>
        <DurationInputs
          value={duration}
          onChange={setDuration}
          priceOf={record ? (hoursOf) => priceCents(hoursOf, record.ipqualityscore) : undefined}
        />
      </fieldset>
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
