import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import type { AuditFilters } from '../api/audit-query';
import { useAudit } from '../api/get-audit';
import { QueryState } from '../components/query-state';
import { EmptyRow, ScreenHeader, Table, TableHead, td } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';
import { AuditFiltersForm } from './audit-filters';

/** Details as one line of JSON: compact, and exactly what was recorded (nothing reinterpreted). */
export function detailsText(details: unknown): string {
  if (details === undefined || details === null) return '';
  try {
    return JSON.stringify(details);
  } catch {
    return String(details);
  }
}

/** Through which door a row came: `api`, `cli`, `system`; rows from before operators say `admin:<id>`. */
function viaOf(actor: string): 'api' | 'cli' | 'system' {
  if (actor === 'cli' || actor === 'system') return actor;
  return 'api';
}

/**
 * Audit: every operator action (API and command line), newest first, a page at a time from the
 * server, so a row stays reachable however many came after it.
 */
export function AuditPage() {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useAudit(filters);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const columns = ['at', 'operator', 'source', 'action', 'count', 'details'] as const;

  return (
    <>
      <ScreenHeader title={t('audit.title')} />
      <AuditFiltersForm filters={filters} onChange={setFilters} />
      {audit.data ? (
        <>
          <Table caption={t('audit.title')} captionHidden>
            <TableHead labels={columns.map((column) => t(`audit.columns.${column}`))} />
            <tbody>
              {entries.length === 0 && <EmptyRow colSpan={columns.length} text={t('audit.empty')} />}
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t border-slate-100" data-testid="audit-row">
                  <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(entry.at)}</td>
                  <td className={td}>
                    {entry.operatorName ?? t('audit.nobody')}
                    <span className="block text-xs text-slate-600">{t(`audit.via.${viaOf(entry.actor)}`)}</span>
                  </td>
                  <td className={cn(td, 'font-mono text-xs')}>{entry.source ?? ''}</td>
                  <td className={cn(td, 'font-mono text-xs whitespace-nowrap')}>{entry.action}</td>
                  <td className={cn(td, 'tabular-nums')}>
                    {entry.count > 1 ? (
                      <span
                        className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900"
                        title={t('audit.countHelp')}
                      >
                        {t('audit.times', { n: entry.count })}
                      </span>
                    ) : (
                      entry.count
                    )}
                  </td>
                  <td className={cn(td, 'font-mono text-xs break-all')}>{detailsText(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {audit.hasNextPage && (
            <div className="mt-3 flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void audit.fetchNextPage()}
                disabled={audit.isFetchingNextPage}
              >
                {audit.isFetchingNextPage ? t('audit.loadingOlder') : t('audit.older')}
              </Button>
            </div>
          )}
        </>
      ) : (
        <QueryState error={audit.error} onRetry={() => void audit.refetch()} />
      )}
    </>
  );
}
