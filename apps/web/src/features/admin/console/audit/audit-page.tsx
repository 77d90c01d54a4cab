import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../../components/ui/input-class';
import { cn } from '../../../../lib/cn';
import { useAudit } from '../api/get-audit';
import { useOperators } from '../api/operators';
import { clampPage, Pager } from '../components/pager';
import { QueryState } from '../components/query-state';
import { EmptyRow, ScreenHeader, Table, TableHead, td } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';

const PAGE_SIZE = 50;

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

/** Audit: every operator action (API and command line), newest first. */
export function AuditPage() {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const filterId = useId();
  const [operatorId, setOperatorId] = useState<number | undefined>(undefined);
  const audit = useAudit({ operatorId });
  const operators = useOperators();
  const [page, setPage] = useState(0);
  // The server answers newest first; sorting again keeps that promise if it ever changes.
  const entries = [...(audit.data ?? [])].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  const shownPage = clampPage(page, PAGE_SIZE, entries.length);
  const columns = ['at', 'operator', 'source', 'action', 'details'] as const;

  return (
    <>
      <ScreenHeader title={t('audit.title')}>
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            {t('audit.operator')}
          </label>
          <select
            id={filterId}
            value={operatorId ?? ''}
            onChange={(event) => {
              setOperatorId(event.target.value === '' ? undefined : Number(event.target.value));
              setPage(0);
            }}
            className={inputClass('text-sm')}
          >
            <option value="">{t('audit.allOperators')}</option>
            {operators.data?.operators.map((operator) => (
              <option key={operator.id} value={operator.id}>
                {operator.name}
              </option>
            ))}
          </select>
        </div>
      </ScreenHeader>
      {audit.data ? (
        <>
          <Table caption={t('audit.title')} captionHidden>
            <TableHead labels={columns.map((column) => t(`audit.columns.${column}`))} />
            <tbody>
              {entries.length === 0 && <EmptyRow colSpan={columns.length} text={t('audit.empty')} />}
              {entries.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE).map((entry) => (
                <tr key={entry.id} className="border-t border-slate-100" data-testid="audit-row">
                  <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(entry.at)}</td>
                  <td className={td}>
                    {entry.operatorName ?? t('audit.nobody')}
                    <span className="block text-xs text-slate-600">{t(`audit.via.${viaOf(entry.actor)}`)}</span>
                  </td>
                  <td className={cn(td, 'font-mono text-xs')}>{entry.source ?? ''}</td>
                  <td className={cn(td, 'font-mono text-xs whitespace-nowrap')}>{entry.action}</td>
                  <td className={cn(td, 'font-mono text-xs break-all')}>{detailsText(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager page={shownPage} pageSize={PAGE_SIZE} total={entries.length} onPage={setPage} />
        </>
      ) : (
        <QueryState error={audit.error} onRetry={() => void audit.refetch()} />
      )}
    </>
  );
}
