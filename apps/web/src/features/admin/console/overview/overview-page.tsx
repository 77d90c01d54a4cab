import {
  backupStatusEndpoint,
  formatDollars,
  RENTAL_STATUSES,
  INVENTORY_STATES,
  type AdminOverview,
} from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useAdminMe } from '../../api/admin-me';
import { mayCall } from '../../lib/role-screens';
import { useOverview } from '../api/get-overview';
import { DescriptionItem } from '../components/description-item';
import { QueryState } from '../components/query-state';
import { ScreenHeader } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';
import { BackupPanel } from './backup-panel';
import { RevenueChart } from './revenue-chart';

/** Overview: customers, balances, 30 days of money, rentals by status, inventory, pending payments. */
export function OverviewPage() {
  const { t } = useTranslation('console');
  const overview = useOverview();
  return (
    <>
      <ScreenHeader title={t('overview.title')} />
      {overview.data ? (
        <OverviewContent data={overview.data} />
      ) : (
        <QueryState error={overview.error} onRetry={() => void overview.refetch()} />
      )}
    </>
  );
}

function OverviewContent({ data }: { data: AdminOverview }) {
  const me = useAdminMe();
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <DescriptionItem look="figure" label={t('overview.customers')} testId="stat-customers">
          {format.number(data.customers)}
        </DescriptionItem>
        <DescriptionItem look="figure" label={t('overview.totalBalance')} testId="stat-balance">
          {formatDollars(data.totalBalance)}
        </DescriptionItem>
        <DescriptionItem look="figure" label={t('overview.pendingPayments')} testId="stat-pending">
          {t('overview.pendingValue', {
            count: format.number(data.pendingPayments.count),
            amount: formatDollars(data.pendingPayments.amount),
          })}
        </DescriptionItem>
      </dl>
      <RevenueChart days={data.revenue} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <CountList
          title={t('overview.inventory.title')}
          rows={INVENTORY_STATES.map((state) => [t(`states.${state}`), data.inventory[state]])}
        />
        <CountList
          title={t('overview.rentals')}
          rows={RENTAL_STATUSES.map((status) => [t(`rentalStatus.${status}`), data.rentalsByStatus[status] ?? 0])}
        />
      </div>
      {mayCall(me.data?.operator.role, backupStatusEndpoint) ? <BackupPanel /> : null}
    </div>
  );
}

/** A short labelled list of counts (inventory states, rental statuses). */
function CountList({ title, rows }: { title: string; rows: [string, number][] }) {
  const format = useConsoleFormat();
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      <dl className="mt-2 divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <DescriptionItem key={label} look="count" label={label}>
            {format.number(value)}
          </DescriptionItem>
        ))}
      </dl>
    </section>
  );
}
