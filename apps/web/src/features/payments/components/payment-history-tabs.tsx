import { formatDollars } from '@portal/contract';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableShell } from '../../../components/table-shell';
import { TabbedPanels } from '../../../components/ui/tabs';
import { isApiError } from '../../../lib/api-error';
import { useTransactions } from '../../../lib/transactions';
import { usePaymentHistory } from '../api/get-payment-history';
import { historyCell as cell, WalletActivityTable } from './wallet-activity';

/** Statuses and methods the shop names itself are translated; a provider's own words show as sent. */
const STATUSES = new Set(['pending', 'paid', 'fail']);
const METHODS = new Set(['sandbox', 'purchase', 'extension']);

/** The two history tabs, payments and transactions, and every balance change beside them. */
export function PaymentHistoryTabs() {
  const { t, i18n } = useTranslation('payments');
  const payments = usePaymentHistory();
  const transactions = useTransactions();
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const status = (value: string) =>
    STATUSES.has(value) ? t(`history.statuses.${value as 'pending' | 'paid' | 'fail'}`) : value;
  const method = (value: string) =>
    METHODS.has(value) ? t(`history.methods.${value as 'sandbox' | 'purchase' | 'extension'}`) : value;
  const show = (iso: string) => (Number.isFinite(Date.parse(iso)) ? date.format(new Date(iso)) : iso);

  return (
    <TabbedPanels
      label={t('history.title')}
      defaultValue="payments"
      tabs={[
        {
          value: 'payments',
          label: t('history.payments'),
          panel: (
            <HistoryTable
              label={t('history.payments')}
              query={payments}
              failed={t('history.loadFailed')}
              empty={t('history.noPayments')}
              headers={(['created', 'currency', 'amount', 'status', 'method'] as const).map((column) =>
                t(`history.${column}`),
              )}
              rowTestId="payment-row"
              rowKey={(payment) => payment.uuid}
              cells={(payment) => (
                <>
                  <td className={cell}>{show(payment.created)}</td>
                  <td className={cell}>{payment.currency}</td>
                  <td className={`${cell} tabular-nums`}>{formatDollars(payment.amount)}</td>
                  <td className={cell}>{status(payment.status)}</td>
                  <td className={cell}>{method(payment.method)}</td>
                </>
              )}
            />
          ),
        },
        {
          value: 'transactions',
          label: t('history.transactions'),
          panel: (
            <HistoryTable
              label={t('history.transactions')}
              query={transactions}
              failed={
                // An answer that is not the transaction list is told apart from a load that failed.
                isApiError(transactions.error) && transactions.error.kind === 'invalid-response'
                  ? t('history.transactionsInvalid')
                  : t('history.transactionsFailed')
              }
              empty={t('history.noTransactions')}
              headers={(['orderId', 'proxyId', 'endTime', 'date', 'method', 'amount'] as const).map((column) =>
                t(`history.${column}`),
              )}
              rowTestId="transaction-row"
              rowKey={(entry) => entry.order_id}
              cells={(entry) => (
                <>
                  <td className={`${cell} font-mono text-xs`}>{entry.order_id}</td>
                  <td className={cell}>{entry.id}</td>
                  <td className={cell}>{show(entry.end_time)}</td>
                  <td className={cell}>{show(entry.date)}</td>
                  <td className={cell}>{method(entry.method)}</td>
                  <td className={`${cell} tabular-nums`}>{formatDollars(entry.amount)}</td>
                </>
              )}
            />
          ),
        },
        { value: 'activity', label: t('activity.title'), panel: <WalletActivityTable /> },
      ]}
    />
  );
}

/** A history tab's table; its error, or the line saying it is empty, stands in its place. */
function HistoryTable<T>({
  label,
  query,
  failed,
  empty,
  headers,
  rowTestId,
  rowKey,
  cells,
}: {
  label: string;
  query: { isError: boolean; data: T[] | undefined };
  failed: string;
  empty: string;
  headers: readonly string[];
  rowTestId: string;
  rowKey: (row: T) => string | number;
  cells: (row: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <p role="alert" className="text-red-700">
        {failed}
      </p>
    );
  }
  if (query.data?.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <TableShell
      label={label}
      headClassName="bg-slate-100 text-left"
      head={headers.map((header) => (
        <th key={header} className={cell}>
          {header}
        </th>
      ))}
    >
      {(query.data ?? []).map((row) => (
        <tr key={rowKey(row)} className="border-t border-slate-100" data-testid={rowTestId}>
          {cells(row)}
        </tr>
      ))}
    </TableShell>
  );
}
