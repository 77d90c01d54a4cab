import { formatDollars, type CustomerDetail } from '@portal/contract';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';
import type { EnglishResources } from '../../../../lib/i18n';
import { ListTable, td } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';

/** Payment statuses with a translation; a provider's other pending words are shown as they come. */
const PAYMENT_STATUSES = ['pending', 'paid', 'fail'] as const;
type KnownPaymentStatus = (typeof PAYMENT_STATUSES)[number];
const isKnownStatus = (status: string): status is KnownPaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(status);

type Section = 'ledger' | 'rentals' | 'payments';
type Format = ReturnType<typeof useConsoleFormat>;
type ColumnKey<S extends Section> = keyof EnglishResources['console']['customer'][S]['columns'] & string;
/** Every column heading's key: a section's column key under that section is one of these. */
type HeadingKey = { [S in Section]: `customer.${S}.columns.${ColumnKey<S>}` }[Section];

/**
 * A customer table's columns in order: each the key of its heading under `customer.<section>.columns`
 * and the cell it shows for a row, so a heading and its cells cannot drift apart.
 */
type Columns<S extends Section, R> = readonly (readonly [
  key: ColumnKey<S>,
  cell: (row: R, format: Format, t: TFunction<'console'>) => ReactNode,
])[];

/** The customer's ledger, newest first: every credit and debit with the balance after it. */
const LEDGER: Columns<'ledger', CustomerDetail['ledger'][number]> = [
  ['time', (row, format) => <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(row.createdAt)}</td>],
  ['kind', (row, _format, t) => <td className={td}>{t(`ledgerKinds.${row.kind}`)}</td>],
  [
    'amount',
    (row) => (
      <td className={cn(td, 'tabular-nums', row.amount < 0 ? 'text-red-800' : 'text-green-800')}>
        {row.amount > 0 ? '+' : ''}
        {formatDollars(row.amount)}
      </td>
    ),
  ],
  ['balanceAfter', (row) => <td className={cn(td, 'tabular-nums')}>{formatDollars(row.balanceAfter)}</td>],
  ['reason', (row) => <td className={td}>{row.reason ?? ''}</td>],
  [
    'reference',
    (row, _format, t) => (
      <td className={cn(td, 'font-mono text-xs')}>
        {row.rentalId !== null && t('customer.ledger.rental', { id: row.rentalId })}
        {row.paymentId !== null && t('customer.ledger.payment', { id: row.paymentId })}
      </td>
    ),
  ],
];

const RENTALS: Columns<'rentals', CustomerDetail['rentals'][number]> = [
  ['id', (row) => <td className={cn(td, 'tabular-nums')}>{row.id}</td>],
  [
    'proxy',
    (row) => (
      <td className={cn(td, 'font-mono whitespace-nowrap')}>
        {row.ip}:{row.port} <span className="font-sans text-slate-600">({row.country})</span>
      </td>
    ),
  ],
  ['status', (row, _format, t) => <td className={td}>{t(`rentalStatus.${row.status}`)}</td>],
  ['hours', (row, format) => <td className={cn(td, 'tabular-nums')}>{format.number(row.hours)}</td>],
  ['createdAt', (row, format) => <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(row.createdAt)}</td>],
  ['endTime', (row, format) => <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(row.endTime)}</td>],
  [
    'traffic',
    (row, format, t) => (
      <td className={cn(td, 'whitespace-nowrap tabular-nums')}>
        {t('customer.rentals.trafficValue', {
          up: format.bytes(row.bytesUp),
          down: format.bytes(row.bytesDown),
        })}
      </td>
    ),
  ],
];

const PAYMENTS: Columns<'payments', CustomerDetail['payments'][number]> = [
  ['createdAt', (row, format) => <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(row.createdAt)}</td>],
  ['id', (row) => <td className={cn(td, 'font-mono text-xs break-all')}>{row.id}</td>],
  [
    'method',
    (row) => (
      <td className={td}>
        {row.method} <span className="text-slate-600">({row.provider})</span>
      </td>
    ),
  ],
  ['amount', (row) => <td className={cn(td, 'tabular-nums')}>{formatDollars(row.amount)}</td>],
  [
    'status',
    (row, _format, t) => (
      <td className={td}>
        {isKnownStatus(row.status) ? t(`paymentStatus.${row.status}`) : row.status}
        {row.providerStatus !== row.status && <span className="text-slate-600"> ({row.providerStatus})</span>}
      </td>
    ),
  ],
  [
    'credited',
    (row) => <td className={cn(td, 'tabular-nums')}>{row.credited === null ? '—' : formatDollars(row.credited)}</td>,
  ],
];

export function LedgerTable({ rows }: { rows: CustomerDetail['ledger'] }) {
  return <CustomerTable section="ledger" columns={LEDGER} rows={rows} />;
}

export function RentalsTable({ rows }: { rows: CustomerDetail['rentals'] }) {
  return <CustomerTable section="rentals" columns={RENTALS} rows={rows} />;
}

export function PaymentsTable({ rows }: { rows: CustomerDetail['payments'] }) {
  return <CustomerTable section="payments" columns={PAYMENTS} rows={rows} />;
}

/** A table of the customer's detail, one row each; says so when there are none. */
function CustomerTable<S extends Section, R extends { id: number | string }>({
  section,
  columns,
  rows,
}: {
  section: S;
  columns: Columns<S, R>;
  rows: readonly R[];
}) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  // TypeScript cannot tie `key` to `section` through the generic; Columns<S, R> does, so the key exists.
  const labels = columns.map(([key]) => t(`customer.${section}.columns.${key}` as HeadingKey));
  // Words stay whole (Chinese may break between any two characters: a squeezed column showed
  // "购买" one character a line); a table too wide for a phone scrolls in its box instead.
  return (
    <ListTable
      className="break-keep"
      caption={t(`customer.${section}.title`)}
      labels={labels}
      empty={rows.length === 0}
      emptyText={t('customer.none')}
    >
      {rows.map((row) => (
        <tr key={row.id} className="border-t border-slate-100">
          {columns.map(([key, cell]) => (
            <Fragment key={key}>{cell(row, format, t)}</Fragment>
          ))}
        </tr>
      ))}
    </ListTable>
  );
}
