import { formatDollars, MAX_CUSTOMER_SEARCH_LENGTH } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { useSearchCustomers } from '../api/search-customers';
import { QueryState } from '../components/query-state';
import { ListTable, ScreenHeader, td } from '../components/table';
import { SearchField } from '../components/field';
import { useConsoleFormat } from '../components/use-console-format';

const COLUMNS = ['id', 'referralKey', 'balance', 'activeRentals', 'createdAt'] as const;

/**
 * Customers: search by referral key or id. The search lives in the address (`?q=`),
 * so coming back from a customer's page shows the same results.
 */
export function CustomersPage() {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const customers = useSearchCustomers(q);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = draft.trim();
    setParams(next ? { q: next } : {});
  }

  return (
    <>
      <ScreenHeader title={t('customers.title')} />
      <form onSubmit={onSubmit} role="search" className="mb-4 flex flex-wrap items-end gap-3">
        <SearchField
          label={t('customers.search')}
          value={draft}
          maxLength={MAX_CUSTOMER_SEARCH_LENGTH}
          spellCheck={false}
          onValue={setDraft}
          inputClassName="font-mono"
        />
        <Button type="submit">{t('customers.submit')}</Button>
      </form>
      {customers.data ? (
        <ListTable
          caption={q ? t('customers.resultsFor', { q }) : t('customers.newest')}
          labels={COLUMNS.map((column) => t(`customers.columns.${column}`))}
          empty={customers.data.length === 0}
          emptyText={t('customers.empty')}
          bodyClassName={cn(customers.isPlaceholderData && 'opacity-60')}
        >
          {customers.data.map((customer) => (
            <tr key={customer.id} className="border-t border-slate-100">
              <td className={cn(td, 'tabular-nums')}>{customer.id}</td>
              <td className={cn(td, 'font-mono')}>
                <Link to={`/admin/customers/${customer.id}`} className="text-brand-700 underline hover:text-brand-900">
                  {customer.referralKey}
                </Link>
              </td>
              <td className={cn(td, 'tabular-nums')}>{formatDollars(customer.balance)}</td>
              <td className={cn(td, 'tabular-nums')}>{customer.activeRentals}</td>
              <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(customer.createdAt)}</td>
            </tr>
          ))}
        </ListTable>
      ) : (
        <QueryState error={customers.error} onRetry={() => void customers.refetch()} />
      )}
    </>
  );
}
