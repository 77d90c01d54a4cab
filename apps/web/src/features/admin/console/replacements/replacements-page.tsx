import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../../components/ui/badge';
import { cn } from '../../../../lib/cn';
import { useReplacements } from '../api/get-replacements';
import { PagedTable } from '../components/paged-table';
import { usePaging } from '../components/pager';
import { ScreenHeader, td } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';

const PAGE_SIZE = 50;

/** every proxy replacement, by a customer or automatic after failed checks, newest first. */
export function ReplacementsPage() {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const replacements = useReplacements();
  const rows = replacements.data ?? [];
  const { pageRows, pager } = usePaging(rows, PAGE_SIZE);
  const columns = ['when', 'customer', 'rental', 'from', 'to', 'reason', 'by'] as const;

  return (
    <>
      <ScreenHeader title={t('replacements.title')} />
      <PagedTable
        query={replacements}
        caption={t('replacements.title')}
        labels={columns.map((column) => t(`replacements.${column}`))}
        emptyText={t('replacements.empty')}
        pager={pager}
      >
        {pageRows.map((row) => (
          <tr key={row.id} className="border-t border-slate-100" data-testid="replacement-row">
            <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(row.at)}</td>
            <td className={td}>
              <Link className="text-brand-700 underline" to={`/admin/customers/${row.user_id}`}>
                {row.user_id}
              </Link>
            </td>
            <td className={cn(td, 'tabular-nums')}>{row.rental_id}</td>
            <td className={cn(td, 'font-mono text-xs')}>
              {row.old_proxy_id} · {row.old_ip}
            </td>
            <td className={cn(td, 'font-mono text-xs')}>
              {row.new_proxy_id} · {row.new_ip} · {row.country}
            </td>
            <td className={cn(td, 'font-mono text-xs')}>{row.reason ?? t('replacements.noReason')}</td>
            <td className={td}>
              {row.automatic ? t('replacements.automatic') : t('replacements.byCustomer')}
              {row.auto_cap_reached && (
                <Badge tone="amber" className="ml-2">
                  {t('replacements.autoCapReached')}
                </Badge>
              )}
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
