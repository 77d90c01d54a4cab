import { adjustBalanceEndpoint, formatDollars, IdParamSchema, type CustomerDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../../lib/api-error';
import { useAdminMe } from '../../api/admin-me';
import { mayCall } from '../../lib/role-screens';
import { useCustomer } from '../api/get-customer';
import { QueryState } from '../components/query-state';
import { ScreenHeader } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';
import { AdjustForm } from './adjust-form';
import { LedgerTable, PaymentsTable, RentalsTable } from './customer-tables';

/** A customer's id as the page's call reads it from the path (IdParamSchema): a safe integer, not 0. */
function parseId(text: string | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const parsed = IdParamSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** One customer: balance, adjustment, ledger, rentals and payments. */
export function CustomerDetailPage() {
  const { t } = useTranslation('console');
  const id = parseId(useParams().id);
  return (
    <>
      <Link to="/admin/customers" className="text-sm text-brand-700 underline hover:text-brand-900">
        {t('customer.back')}
      </Link>
      {id === null ? <NotFound /> : <CustomerView id={id} />}
    </>
  );
}

function NotFound() {
  const { t } = useTranslation('console');
  return (
    <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-800">
      {t('customer.notFound')}
    </p>
  );
}

function CustomerView({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const customer = useCustomer(id);
  if (isApiError(customer.error) && customer.error.status === 404) return <NotFound />;
  return (
    <div className="mt-2">
      <ScreenHeader title={t('customer.title', { id })} />
      {customer.data ? (
        <CustomerContent detail={customer.data} />
      ) : (
        <QueryState error={customer.error} onRetry={() => void customer.refetch()} />
      )}
    </div>
  );
}

function CustomerContent({ detail }: { detail: CustomerDetail }) {
  const { t } = useTranslation('console');
  // Only the roles that may change a balance see the form (finance and the owner).
  const mayAdjust = mayCall(useAdminMe().data?.operator.role, adjustBalanceEndpoint);
  const format = useConsoleFormat();
  const { customer } = detail;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
        <Item label={t('customer.balance')}>
          <span className="text-2xl font-bold" data-testid="customer-balance">
            {formatDollars(customer.balance)}
          </span>
        </Item>
        <Item label={t('customer.referralKey')}>
          <span className="font-mono break-all">{customer.referralKey}</span>
        </Item>
        <Item label={t('customer.activeRentals')}>{format.number(customer.activeRentals)}</Item>
        <Item label={t('customer.createdAt')}>{format.dateTime(customer.createdAt)}</Item>
        <Item label={t('customer.referredBy')}>
          {customer.referredBy === null ? (
            t('customer.nobody')
          ) : (
            <Link to={`/admin/customers/${customer.referredBy}`} className="text-brand-700 underline">
              {t('customer.title', { id: customer.referredBy })}
            </Link>
          )}
        </Item>
      </dl>
      {mayAdjust && <AdjustForm key={customer.id} customerId={customer.id} />}
      <LedgerTable rows={detail.ledger} />
      <RentalsTable rows={detail.rentals} />
      <PaymentsTable rows={detail.payments} />
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}
