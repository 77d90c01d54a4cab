import {
  formatCents,
  MAX_PURCHASE_HOURS,
  priceCents,
  splitHours,
  totalHours,
  type CatalogueProxy,
  type DurationSplit,
} from '@portal/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FIRST_DURATION, totalCents } from '../lib/duration';
import { DurationInputs } from './duration-inputs';

/**
 * Purchase dialog: the selection, time inputs, total time and total price (the
 * shared price function summed over the selection). Confirm is disabled at a total of 0.
 */
export function PurchaseDialog({
  open,
  onOpenChange,
  proxies,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  proxies: readonly CatalogueProxy[];
  busy: boolean;
  onConfirm: (hours: number) => void;
}) {
  const { t } = useTranslation('rentals');
  const [duration, setDuration] = useState<DurationSplit>(FIRST_DURATION);
  const hours = totalHours(duration);
  // The server refuses more than a year per purchase; say so before it does.
  const tooLong = hours > MAX_PURCHASE_HOURS;
  const scores = useMemo(() => proxies.map((proxy) => proxy.ipqualityscore), [proxies]);
  const priceOf = useCallback((hoursOf: number) => totalCents(splitHours(hoursOf), scores), [scores]);
  const cents = totalCents(duration, scores);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('purchase.title')} closeLabel={t('dialog.close')}>
      <ul
        aria-label={t('purchase.selected')}
        className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm"
      >
        {proxies.map((proxy) => (
          <li key={proxy.id} className="flex justify-between gap-2 px-3 py-2">
            <span>
              {t('table.idValue', { id: proxy.id })} · <span className="font-mono">{proxy.ip}</span>
            </span>
            <span className="tabular-nums">
              {hours > 0 ? formatCents(priceCents(hours, proxy.ipqualityscore)) : '—'}
            </span>
          </li>
        ))}
      </ul>
      <DurationInputs value={duration} onChange={setDuration} priceOf={priceOf} />
      <dl className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-sm">
        <dt className="text-slate-600">{t('purchase.totalTime')}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="purchase-total-hours">
          {t('purchase.hoursValue', { count: hours })}
        </dd>
        <dt className="text-slate-600">{t('purchase.totalPrice')}</dt>
        <dd className="text-right text-lg font-bold tabular-nums" data-testid="purchase-total-price">
          {formatCents(cents)}
        </dd>
      </dl>
      {tooLong && (
        <p role="alert" className="text-sm text-red-700">
          {t('purchase.tooLong', { max: MAX_PURCHASE_HOURS })}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('dialog.cancel')}
        </Button>
        <Button disabled={hours <= 0 || tooLong || proxies.length === 0 || busy} onClick={() => onConfirm(hours)}>
          {busy ? t('purchase.buying') : t('purchase.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
