import {
  canExtend,
  canRequestRefund,
  historyRank,
  holdsProxy,
  refundRequestOpen,
  RENTAL_STATUS,
  type HistoryRecord,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClass, Button } from '../../../components/ui/button';
import { copyText } from '../../../lib/copy-text';
import { useWallet } from '../../account/api/get-wallet';
import { useHistory } from '../api/get-history';
import { ActivationDialog } from './activation-dialog';
import { ExportProxies } from './export-proxies';
import { ExtendDialog } from './extend-dialog';
import { ManageProxyDialog } from './manage-proxy-dialog';
import { RefundDialog } from './refund-dialog';
import { RentalFacts } from './rental-facts';
import { RenewalWarning } from './renewal-warning';
import { RentalStatus } from './rental-status';
import { SelectionBar } from './selection-bar';
import { TimeLeft } from './time-left';
import { Traffic } from './traffic';
import { useNow } from './use-now';

/**
 * Refund is offered only while the request window of the terms is open, by the contract's rule
 * the server applies; the server checks the rest (one request, unavailability within 2 h).
 */
function refundOpen(record: HistoryRecord, now: number): boolean {
  return canRequestRefund(record.status) && refundRequestOpen(record.purchased_at, now);
}

/** History (/history), the product spec. */
export function HistoryPage() {
  const { t, i18n } = useTranslation('rentals');
  const history = useHistory();
  const wallet = useWallet();
  const now = useNow();
  const [extending, setExtending] = useState<HistoryRecord | null>(null);
  const [refunding, setRefunding] = useState<number | null>(null);
  const [managing, setManaging] = useState<HistoryRecord | null>(null);
  const [activating, setActivating] = useState<number[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());

  // Spec section 4: waiting_up first, then connected, then ready, then the rest; newest end first within each.
  const records = useMemo(
    () =>
      [...(history.data ?? [])].sort(
        (a, b) => historyRank(a.status) - historyRank(b.status) || Date.parse(b.end_time) - Date.parse(a.end_time),
      ),
    [history.data],
  );
  const connected = useMemo(() => records.filter((record) => record.status === RENTAL_STATUS.connected), [records]);
  // Only rentals that still hold their proxy can be selected; one that ended drops out of a selection.
  const selectable = useMemo(() => records.filter((record) => holdsProxy(record.status)), [records]);
  const selected = useMemo(() => selectable.filter((record) => picked.has(record.id)), [selectable, picked]);
  const allSelected = selectable.length > 0 && selected.length === selectable.length;
  const toggle = (id: number) =>
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );

  const copy = async (proxy: string) => {
    if (await copyText(proxy)) toast.success(t('copy.copied'));
    else toast.error(t('copy.failed'));
  };

  let body;
  if (history.isPending) body = <p className="text-slate-600">{t('loading')}</p>;
  else if (history.isError)
    body = (
      <p role="alert" className="text-red-700">
        {t('history.loadFailed')}
      </p>
    );
  else if (records.length === 0 && wallet.data !== undefined && wallet.data <= 0)
    body = (
      <section className="rounded-2xl bg-white p-8 text-center shadow-sm">
        <p className="text-slate-700">{t('history.notEnough')}</p>
        <Link to="/payment" className={buttonClass('primary', 'mt-4')}>
          {t('notEnough.addFunds')}
        </Link>
      </section>
    );
  else if (records.length === 0)
    body = (
      <section className="rounded-2xl bg-white p-8 text-center shadow-sm">
        <p className="text-slate-700">{t('history.empty')}</p>
        <Link to="/proxy" className={buttonClass('primary', 'mt-4')}>
          {t('history.browse')}
        </Link>
      </section>
    );
  else
    body = (
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm">
        <table className="w-full text-sm">
          <thead className="bg-slate-100 text-left text-slate-700">
            <tr>
              <th className="w-8 px-3 py-2">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  aria-label={t('selection.all')}
                  checked={allSelected}
                  disabled={selectable.length === 0}
                  onChange={() => setPicked(allSelected ? new Set() : new Set(selectable.map((record) => record.id)))}
                />
              </th>
              <th className="px-3 py-2">{t('table.id')}</th>
              <th className="px-3 py-2">{t('history.timeLeft')}</th>
              <th className="px-3 py-2">{t('history.endTime')}</th>
              <th className="px-3 py-2">{t('history.status')}</th>
              <th className="px-3 py-2">{t('history.traffic')}</th>
              <th className="px-3 py-2">{t('table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr
                key={`${record.id}-${record.end_time}`}
                data-testid="history-row"
                className="border-t border-slate-100"
              >
                <td className="px-3 py-2">
                  {holdsProxy(record.status) && (
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      aria-label={t('selection.one', { id: record.id })}
                      checked={picked.has(record.id)}
                      onChange={() => toggle(record.id)}
                    />
                  )}
                </td>
                <td className="px-3 py-2">
                  <span className="tabular-nums">{record.id}</span>
                  <RentalFacts record={record} />
                  {record.auto_renew && (
                    <span className="block text-xs font-medium text-brand-700">{t('renew.badge')}</span>
                  )}
                  {record.renew_failure && (
                    <span className="block text-xs text-red-700">
                      {t('renew.lastFailure', { reason: record.renew_failure })}
                    </span>
                  )}
                  {record.note && (
                    <span
                      data-testid="note"
                      className="block max-w-48 truncate text-xs text-slate-600"
                      title={record.note}
                    >
                      {record.note}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2" data-testid="time-left">
                  {record.status === RENTAL_STATUS.connected ? <TimeLeft endTime={record.end_time} now={now} /> : '—'}
                </td>
                <td className="px-3 py-2">{dateFormat.format(new Date(record.end_time))}</td>
                <td className="px-3 py-2">
                  <RentalStatus record={record} now={now} onReplace={() => setManaging(record)} />
                </td>
                <td className="px-3 py-2">
                  <Traffic up={record.bytes_up} down={record.bytes_down} />
                </td>
                <td className="flex flex-wrap gap-2 px-3 py-2">
                  <Button variant="secondary" className="px-3 py-1" onClick={() => void copy(record.proxy)}>
                    {t('history.copy')}
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3 py-1"
                    onClick={() => setManaging(record)}
                    aria-label={t('manage.open', { id: record.id })}
                  >
                    {t('manage.button')}
                  </Button>
                  {/* A disabled proxy cannot be extended: the server refuses it. */}
                  {canExtend(record.status) && record.proxy_state !== 'disabled' && (
                    <Button
                      className="px-3 py-1"
                      onClick={() => setExtending(record)}
                      aria-label={t('history.extendProxy', { id: record.id })}
                    >
                      {t('history.extend')}
                    </Button>
                  )}
                  {refundOpen(record, now) && (
                    <Button
                      variant="danger"
                      className="px-3 py-1"
                      onClick={() => setRefunding(record.id)}
                      aria-label={t('history.refundProxy', { id: record.id })}
                    >
                      {t('history.refund')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">{t('history.title')}</h1>
        <ExportProxies
          records={
            selected.length > 0 ? selected.filter((record) => record.status === RENTAL_STATUS.connected) : connected
          }
          ofSelection={selected.length > 0}
        />
      </div>
      <RenewalWarning />
      <SelectionBar proxyIds={selected.map((record) => record.id)} onClear={() => setPicked(new Set())} />
      {body}
      <ExtendDialog
        key={extending?.id ?? 'none'}
        record={extending}
        now={now}
        onClose={() => setExtending(null)}
        onExtended={(id) => {
          setExtending(null);
          setActivating([id]);
        }}
      />
      <RefundDialog proxyId={refunding} onClose={() => setRefunding(null)} />
      <ManageProxyDialog key={`manage-${managing?.id ?? 'none'}`} record={managing} onClose={() => setManaging(null)} />
      <ActivationDialog key={activating.join(',')} ids={activating} onClose={() => setActivating([])} />
    </div>
  );
}
