import { formatDollars } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useTransactions } from '../../../lib/transactions';
import { usePaymentHistory } from '../api/get-payment-history';
import { WalletActivityTable } from './wallet-activity';

const cell = 'px-3 py-2';

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
    <Tabs defaultValue="payments">
      <TabsList aria-label={t('history.title')}>
        <TabsTrigger value="payments">{t('history.payments')}</TabsTrigger>
        <TabsTrigger value="transactions">{t('history.transactions')}</TabsTrigger>
        <TabsTrigger value="activity">{t('activity.title')}</TabsTrigger>
      </TabsList>
      <TabsContent value="activity">
        <WalletActivityTable />
      </TabsContent>
      <TabsContent value="payments">
        {payments.isError ? (
          <p role="alert" className="text-red-700">
            {t('history.loadFailed')}
          </p>
        ) : payments.data?.length === 0 ? (
          <p className="text-slate-600">{t('history.noPayments')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="bg-slate-100 text-left">
                <tr>
                  <th className={cell}>{t('history.created')}</th>
                  <th className={cell}>{t('history.currency')}</th>
                  <th className={cell}>{t('history.amount')}</th>
                  <th className={cell}>{t('history.status')}</th>
                  <th className={cell}>{t('history.method')}</th>
                </tr>
              </thead>
              <tbody>
                {(payments.data ?? []).map((payment) => (
                  <tr key={payment.uuid} className="border-t border-slate-100" data-testid="payment-row">
                    <td className={cell}>{show(payment.created)}</td>
                    <td className={cell}>{payment.currency}</td>
                    <td className={`${cell} tabular-nums`}>{formatDollars(payment.amount)}</td>
                    <td className={cell}>{status(payment.status)}</td>
                    <td className={cell}>{method(payment.method)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </TabsContent>
      <TabsContent value="transactions">
        {transactions.isError ? (
          <p role="alert" className="text-red-700">
            {t('history.transactionsFailed')}
          </p>
        ) : transactions.data?.length === 0 ? (
          <p className="text-slate-600">{t('history.noTransactions')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="bg-slate-100 text-left">
                <tr>
                  <th className={cell}>{t('history.orderId')}</th>
                  <th className={cell}>{t('history.proxyId')}</th>
                  <th className={cell}>{t('history.endTime')}</th>
                  <th className={cell}>{t('history.date')}</th>
                  <th className={cell}>{t('history.method')}</th>
                  <th className={cell}>{t('history.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {(transactions.data ?? []).map((entry) => (
                  <tr key={entry.order_id} className="border-t border-slate-100" data-testid="transaction-row">
                    <td className={`${cell} font-mono text-xs`}>{entry.order_id}</td>
                    <td className={cell}>{entry.id}</td>
                    <td className={cell}>{show(entry.end_time)}</td>
                    <td className={cell}>{show(entry.date)}</td>
                    <td className={cell}>{method(entry.method)}</td>
                    <td className={`${cell} tabular-nums`}>{formatDollars(entry.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </TabsContent>
    </Tabs>
  );
}
