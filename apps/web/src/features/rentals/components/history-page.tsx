import {
  canRequestRefund,
  historyRank,
  holdsProxy,
  refundRequestOpen,
  refundUnavailableDeadline,
  RENTAL_STATUS,
  type HistoryRecord,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { copyText } from '../../../lib/copy-text';
import { useWallet } from '../../../lib/wallet';
import { useHistory } from '../api/get-history';
import { ActivationDialog } from './activation-dialog';
import { NotEnoughLinks } from './add-funds-link';
import { ExportProxies } from './export-proxies';
import { ExtendDialog } from './extend-dialog';
import { HistoryRows } from './history-rows';
import { ManageProxyDialog } from './manage-proxy-dialog';
import { RefundDialog } from './refund-dialog';
import { RenewalWarning } from './renewal-warning';
import { SelectionBar } from './selection-bar';
import { useNow } from './use-now';

/**
 * Refund is offered only while a request can still be granted, by the contract's rules the server
 * applies: no request made yet (one per proxy), the request window open, and either the recorded
 * facts already qualify the rental or the unavailability window is still open (the server's live
 * check decides). Past that window a working proxy's request could only be refused, and would use
 * up the one request.
 */
function refundOpen(record: HistoryRecord, now: number): boolean {
  if (!canRequestRefund(record.status) || record.refund_requested) return false;
  if (!refundRequestOpen(record.purchased_at, now)) return false;
  return record.refund_until !== null || now <= refundUnavailableDeadline(record.purchased_at);
}

/** History (/history): the customer's rentals, their credentials and the actions on them. */
export function HistoryPage() {
  const { t } = useTranslation('rentals');
  const history = useHistory();
  const wallet = useWallet();
  const now = useNow();
  const [extending, setExtending] = useState<HistoryRecord | null>(null);
  const [refunding, setRefunding] = useState<number | null>(null);
  // The rental being managed, by id: the dialog follows the history as it reloads (new password,
  // auto-renew). A replacement renames the rental: `id` follows it, while `key` stays what it was
  // at opening, so the dialog (and its messages) stays in place; until the history has the new id,
  // the copy from opening is shown.
  const [managing, setManaging] = useState<{ key: number; id: number; last: HistoryRecord } | null>(null);
  const [activating, setActivating] = useState<number[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());

  // What needs attention first: waiting_up, then connected, then ready, then the rest; newest end first within each.
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
  const managed = useMemo(
    () => (managing ? (records.find((record) => record.id === managing.id) ?? managing.last) : null),
    [managing, records],
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
        {/* An answer without the history is told apart from a load that failed. */}
        {isApiError(history.error) && history.error.kind === 'invalid-response'
          ? t('history.unavailable')
          : t('history.loadFailed')}
      </p>
    );
  else if (records.length === 0 && wallet.data !== undefined && wallet.data <= 0)
    body = (
      <section className="rounded-2xl bg-white p-8 text-center shadow-sm">
        <p className="text-slate-700">{t('history.notEnough')}</p>
        <NotEnoughLinks />
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
      <HistoryRows
        records={records}
        now={now}
        picked={picked}
        onToggle={toggle}
        allSelected={allSelected}
        anySelectable={selectable.length > 0}
        onToggleAll={() => setPicked(allSelected ? new Set() : new Set(selectable.map((record) => record.id)))}
        canRefund={(record) => refundOpen(record, now)}
        onCopy={(record) => void copy(record.proxy)}
        onManage={(record) => setManaging({ key: record.id, id: record.id, last: record })}
        onExtend={setExtending}
        onRefund={(record) => setRefunding(record.id)}
      />
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
        onExtended={(id, wasConnected) => {
          setExtending(null);
          // A working proxy keeps working: only a rental that has to come up again shows its activation.
          if (!wasConnected) setActivating([id]);
        }}
      />
      <RefundDialog proxyId={refunding} onClose={() => setRefunding(null)} />
      <ManageProxyDialog
        key={`manage-${managing?.key ?? 'none'}`}
        record={managed}
        onClose={() => setManaging(null)}
        onRenamed={(id) => setManaging((current) => current && { ...current, id })}
      />
      <ActivationDialog key={activating.join(',')} ids={activating} onClose={() => setActivating([])} />
    </div>
  );
}
