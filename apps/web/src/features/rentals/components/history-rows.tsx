import { canExtend, holdsProxy, RENTAL_STATUS, type HistoryRecord } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TableShell } from '../../../components/table-shell';
import { Badge } from '../../../components/ui/badge';
import { recordedReasonText } from '../../../lib/api-error-text';
import { Button } from '../../../components/ui/button';
import { RentalFacts } from './rental-facts';
import { TimeLeft } from './time-left';
import { Traffic } from './traffic';
import { RefundRefused, RentalStatus } from './rental-status';
import { useMediaQuery } from './use-media-query';

export interface HistoryRowsProps {
  records: readonly HistoryRecord[];
  now: number;
  picked: ReadonlySet<number>;
  onToggle: (id: number) => void;
  allSelected: boolean;
  anySelectable: boolean;
  onToggleAll: () => void;
  canRefund: (record: HistoryRecord) => boolean;
  onCopy: (record: HistoryRecord) => void;
  onManage: (record: HistoryRecord) => void;
  onExtend: (record: HistoryRecord) => void;
  onRefund: (record: HistoryRecord) => void;
}

/**
 * The history's rentals: a table on wide screens, cards on phones, where a seven-column table
 * would push the actions off the screen. Only one of the two is rendered.
 */
export function HistoryRows(props: HistoryRowsProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <HistoryTable {...props} /> : <HistoryCards {...props} />;
}

/** The end time as date and time, each kept on its own line instead of wrapping word by word. */
function EndTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const [date, time] = useMemo(
    () => [
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }),
      new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }),
    ],
    [i18n.language],
  );
  const at = new Date(iso);
  return (
    <time dateTime={iso} data-testid="end-time">
      <span className="whitespace-nowrap">{date.format(at)}</span>{' '}
      <span className="whitespace-nowrap">{time.format(at)}</span>
    </time>
  );
}

function Notes({ record }: { record: HistoryRecord }) {
  const { t } = useTranslation('rentals');
  return (
    <>
      {record.auto_renew && <span className="block text-xs font-medium text-brand-700">{t('renew.badge')}</span>}
      {record.renew_failure && (
        <span className="block text-xs text-red-700">
          {t('renew.lastFailure', { reason: recordedReasonText(record.renew_failure_code, record.renew_failure) })}
        </span>
      )}
      {record.note && (
        <span data-testid="note" className="block max-w-48 truncate text-xs text-slate-600" title={record.note}>
          {record.note}
        </span>
      )}
    </>
  );
}

/** One action on a rental: what it calls, its text, and its accessible name where the text alone is vague. */
interface Action {
  key: string;
  variant: 'primary' | 'secondary' | 'danger';
  run: (record: HistoryRecord) => void;
  text: string;
  label?: string;
}

/** A rental's buttons, in one wrapping row in both the table and the cards. */
function Actions({ record, props }: { record: HistoryRecord; props: HistoryRowsProps }) {
  const { t } = useTranslation('rentals');
  const actions: (Action | false)[] = [
    { key: 'copy', variant: 'secondary', run: props.onCopy, text: t('history.copy') },
    {
      key: 'manage',
      variant: 'secondary',
      run: props.onManage,
      text: t('manage.button'),
      label: t('manage.open', { id: record.id }),
    },
    // A disabled proxy cannot be extended: the server refuses it.
    canExtend(record.status) &&
      record.proxy_state !== 'disabled' && {
        key: 'extend',
        variant: 'primary',
        run: props.onExtend,
        text: t('history.extend'),
        label: t('history.extendProxy', { id: record.id }),
      },
    props.canRefund(record) && {
      key: 'refund',
      variant: 'danger',
      run: props.onRefund,
      text: t('history.refund'),
      label: t('history.refundProxy', { id: record.id }),
    },
  ];
  return (
    <div className="flex flex-wrap gap-2">
      {actions
        .filter((action) => action !== false)
        .map((action) => (
          <Button
            key={action.key}
            variant={action.variant}
            size="sm"
            onClick={() => action.run(record)}
            aria-label={action.label}
          >
            {action.text}
          </Button>
        ))}
    </div>
  );
}

function SelectOne({ record, props }: { record: HistoryRecord; props: HistoryRowsProps }) {
  const { t } = useTranslation('rentals');
  if (!holdsProxy(record.status)) return null;
  return (
    <input
      type="checkbox"
      className="size-4 accent-brand-700"
      aria-label={t('selection.one', { id: record.id })}
      checked={props.picked.has(record.id)}
      onChange={() => props.onToggle(record.id)}
    />
  );
}

function SelectAll({ props }: { props: HistoryRowsProps }) {
  const { t } = useTranslation('rentals');
  return (
    <input
      type="checkbox"
      className="size-4 accent-brand-700"
      aria-label={t('selection.all')}
      checked={props.allSelected}
      disabled={!props.anySelectable}
      onChange={props.onToggleAll}
    />
  );
}

function HistoryTable(props: HistoryRowsProps) {
  const { t } = useTranslation('rentals');
  return (
    <TableShell
      label={t('history.title')}
      card
      headClassName="text-left"
      head={
        <>
          <th className="w-8 px-3 py-2">
            <SelectAll props={props} />
          </th>
          <th className="px-3 py-2">{t('table.id')}</th>
          <th className="px-3 py-2">{t('history.timeLeft')}</th>
          <th className="px-3 py-2">{t('history.endTime')}</th>
          <th className="px-3 py-2">{t('history.status')}</th>
          <th className="px-3 py-2">{t('history.traffic')}</th>
          <th className="px-3 py-2">{t('table.actions')}</th>
        </>
      }
    >
      {props.records.map((record) => (
        <tr key={`${record.id}-${record.end_time}`} data-testid="history-row" className="border-t border-slate-100">
          <td className="px-3 py-2">
            <SelectOne record={record} props={props} />
          </td>
          <td className="px-3 py-2">
            <span className="tabular-nums">{record.id}</span>
            <RentalFacts record={record} />
            <Notes record={record} />
          </td>
          <td className="px-3 py-2" data-testid="time-left">
            {record.status === RENTAL_STATUS.connected ? <TimeLeft endTime={record.end_time} now={props.now} /> : '—'}
          </td>
          <td className="px-3 py-2">
            <EndTime iso={record.end_time} />
          </td>
          <td className="px-3 py-2">
            <RentalStatus record={record} now={props.now} onReplace={() => props.onManage(record)} />
          </td>
          <td className="px-3 py-2">
            <Traffic up={record.bytes_up} down={record.bytes_down} />
          </td>
          <td className="px-3 py-2">
            <Actions record={record} props={props} />
          </td>
        </tr>
      ))}
    </TableShell>
  );
}

function HistoryCards(props: HistoryRowsProps) {
  const { t } = useTranslation('rentals');
  return (
    <div className="flex flex-col gap-3">
      {props.anySelectable && (
        <label className="flex items-center gap-2 px-1 text-sm text-slate-700">
          <SelectAll props={props} />
          {t('selection.all')}
        </label>
      )}
      <ul className="flex flex-col gap-3">
        {props.records.map((record) => (
          <li
            key={`${record.id}-${record.end_time}`}
            data-testid="history-row"
            className="flex flex-col gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="flex min-w-0 items-center gap-2">
                <SelectOne record={record} props={props} />
                <span className="font-semibold">{t('table.idValue', { id: record.id })}</span>
              </div>
              <Badge tone="slate" className="shrink-0">
                {t(`statuses.${record.status}`)}
              </Badge>
            </div>
            {record.status === RENTAL_STATUS.connected && record.proxy_state !== 'working' ? (
              <RentalStatus record={record} now={props.now} onReplace={() => props.onManage(record)} />
            ) : (
              <RefundRefused record={record} />
            )}
            <div className="min-w-0">
              <RentalFacts record={record} />
              <Notes record={record} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-600">{t('history.timeLeft')}</dt>
              <dd data-testid="time-left">
                {record.status === RENTAL_STATUS.connected ? (
                  <TimeLeft endTime={record.end_time} now={props.now} />
                ) : (
                  '—'
                )}
              </dd>
              <dt className="text-slate-600">{t('history.endTime')}</dt>
              <dd>
                <EndTime iso={record.end_time} />
              </dd>
              <dt className="text-slate-600">{t('history.traffic')}</dt>
              <dd>
                <Traffic up={record.bytes_up} down={record.bytes_down} />
              </dd>
            </dl>
            <Actions record={record} props={props} />
          </li>
        ))}
      </ul>
    </div>
  );
}
