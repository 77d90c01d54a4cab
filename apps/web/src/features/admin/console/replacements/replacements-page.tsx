import { AUTO_REPLACE_REASON, DISABLE_REPLACE_REASON, REPLACE_REASONS } from '@portal/contract';
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

/** Every reason a replacement records: the customer's choices, the health job's, the operator's. */
const REASON_CODES = [...REPLACE_REASONS, AUTO_REPLACE_REASON, DISABLE_REPLACE_REASON] as const;
type ReasonCode = (typeof REASON_CODES)[number];
const isReasonCode = (reason: string): reason is ReasonCode => (REASON_CODES as readonly string[]).includes(reason);

/** every proxy replacement, by a customer or automatic after failed checks, newest first. */
export function ReplacementsPage() {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const replacements = useReplacements();
  const rows = replacements.data ?? [];
  const { pageRows, pager } = usePaging(rows, PAGE_SIZE);
  // A code this console does not know yet (a newer server) shows as recorded rather than blank.
  const reasonText = (reason: string | null) => {
    if (reason === null) return t('replacements.noReason');
    return isReasonCode(reason) ? t(`replacements.reasons.${reason}`) : reason;
  };
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
            <td className={td}>{reasonText(row.reason)}</td>
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
