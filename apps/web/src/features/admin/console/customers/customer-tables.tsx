import { formatDollars, type CustomerDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';
import { EmptyRow, Table, TableHead, td } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';

/** Payment statuses with a translation; a provider's other pending words are shown as they come. */
const PAYMENT_STATUSES = ['pending', 'paid', 'fail'] as const;
type KnownPaymentStatus = (typeof PAYMENT_STATUSES)[number];
const isKnownStatus = (status: string): status is KnownPaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(status);

/** The customer's ledger, newest first: every credit and debit with the balance after it. */
export function LedgerTable({ rows }: { rows: CustomerDetail['ledger'] }) {
  const { t } = useTranslation('console');
  const columns = ['time', 'kind', 'amount', 'balanceAfter', 'reason', 'reference'] as const;
  return (
    <CustomerTable
      caption={t('customer.ledger.title')}
      labels={columns.map((column) => t(`customer.ledger.columns.${column}`))}
      rows={rows}
      cells={(row, format) => (
        <>
          <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(row.createdAt)}</td>
          <td className={td}>{t(`ledgerKinds.${row.kind}`)}</td>
          <td className={cn(td, 'tabular-nums', row.amount < 0 ? 'text-red-800' : 'text-green-800')}>
            {row.amount > 0 ? '+' : ''}
            {formatDollars(row.amount)}
          </td>
          <td className={cn(td, 'tabular-nums')}>{formatDollars(row.balanceAfter)}</td>
          <td className={td}>{row.reason ?? ''}</td>
          <td className={cn(td, 'font-mono text-xs')}>
            {row.rentalId !== null && t('customer.ledger.rental', { id: row.rentalId })}
            {row.paymentId !== null && t('customer.ledger.payment', { id: row.paymentId })}
          </td>
        </>
      )}
    />
  );
}

export function RentalsTable({ rows }: { rows: CustomerDetail['rentals'] }) {
  const { t } = useTranslation('console');
  const columns = ['id', 'proxy', 'status', 'hours', 'createdAt', 'endTime', 'traffic'] as const;
  return (
    <CustomerTable
      caption={t('customer.rentals.title')}
      labels={columns.map((column) => t(`customer.rentals.columns.${column}`))}
      rows={rows}
      cells={(row, format) => (
        <>
          <td className={cn(td, 'tabular-nums')}>{row.id}</td>
          <td className={cn(td, 'font-mono whitespace-nowrap')}>
            {row.ip}:{row.port} <span className="font-sans text-slate-600">({row.country})</span>
          </td>
          <td className={td}>{t(`rentalStatus.${row.status}`)}</td>
          <td className={cn(td, 'tabular-nums')}>{format.number(row.hours)}</td>
          <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(row.createdAt)}</td>
          <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(row.endTime)}</td>
          <td className={cn(td, 'whitespace-nowrap tabular-nums')}>
            {t('customer.rentals.trafficValue', {
              up: format.megabytes(row.bytesUp),
              down: format.megabytes(row.bytesDown),
            })}
          </td>
        </>
      )}
    />
  );
}

export function PaymentsTable({ rows }: { rows: CustomerDetail['payments'] }) {
  const { t } = useTranslation('console');
  const columns = ['createdAt', 'id', 'method', 'amount', 'status', 'credited'] as const;
  return (
    <CustomerTable
      caption={t('customer.payments.title')}
      labels={columns.map((column) => t(`customer.payments.columns.${column}`))}
      rows={rows}
      cells={(row, format) => (
        <>
          <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(row.createdAt)}</td>
          <td className={cn(td, 'font-mono text-xs break-all')}>{row.id}</td>
          <td className={td}>
            {row.method} <span className="text-slate-600">({row.provider})</span>
          </td>
          <td className={cn(td, 'tabular-nums')}>{formatDollars(row.amount)}</td>
          <td className={td}>{isKnownStatus(row.status) ? t(`paymentStatus.${row.status}`) : row.status}</td>
          <td className={cn(td, 'tabular-nums')}>{row.credited === null ? '—' : formatDollars(row.credited)}</td>
        </>
      )}
    />
  );
}

/** A table of the customer's detail, one row each; says so when there are none. */
function CustomerTable<R extends { id: number | string }>({
  caption,
  labels,
  rows,
  cells,
}: {
  caption: string;
  labels: readonly string[];
  rows: readonly R[];
  cells: (row: R, format: ReturnType<typeof useConsoleFormat>) => ReactNode;
}) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  return (
    <Table caption={caption}>
      <TableHead labels={labels} />
      <tbody>
        {rows.length === 0 && <EmptyRow colSpan={labels.length} text={t('customer.none')} />}
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-slate-100">
            {cells(row, format)}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
