import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import type { AuditFilters } from '../api/audit-query';
import { useAudit } from '../api/get-audit';
import { QueryState } from '../components/query-state';
import { ListTable, ScreenHeader, td } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';
import { AuditFiltersForm } from './audit-filters';
import { auditSentence, type SentenceFormat, type Translate } from './audit-sentence';

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
  const language = useTranslation().i18n.language;
  // Keys made at run time from the contract's actions; i18next's typed keys cannot list them.
  const say = useMemo<Translate>(() => t as unknown as Translate, [t]);
  // Money in the reader's language (Intl), so "$1,234.50" reads "1 234,50 $US" in French.
  const sentenceFormat = useMemo<SentenceFormat>(() => {
    const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
    return { money: (dollars) => money.format(dollars) };
  }, [language]);
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useAudit(filters);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  // An empty page under a filter says nothing about the log itself.
  const filtered = Object.values(filters).some((value) => value !== undefined);
  // What happened first: on a phone the table scrolls sideways, and the sentence is what a row says.
  const columns = ['action', 'at', 'operator', 'source', 'count'] as const;

  return (
    <>
      <ScreenHeader title={t('audit.title')} />
      <AuditFiltersForm value={filters} onChange={setFilters} />
      {audit.data ? (
        <>
          <ListTable
            caption={t('audit.title')}
            captionHidden
            labels={columns.map((column) => t(`audit.columns.${column}`))}
            empty={entries.length === 0}
            emptyText={filtered ? t('audit.noMatch') : t('audit.empty')}
          >
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100" data-testid="audit-row">
                <td className={cn(td, 'min-w-64 max-w-xl')}>
                  <span data-testid="audit-sentence">{auditSentence(entry, say, sentenceFormat)}</span>
                  <details className="mt-1 text-xs text-slate-600">
                    <summary className="cursor-pointer">
                      {t('audit.recorded')}: <code>{entry.action}</code>
                    </summary>
                    <span className="block font-mono break-all">{detailsText(entry.details)}</span>
                  </details>
                </td>
                <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(entry.at)}</td>
                <td className={td}>
                  {entry.operatorName ?? t('audit.nobody')}
                  <span className="block text-xs text-slate-600">{t(`audit.via.${viaOf(entry.actor)}`)}</span>
                </td>
                <td className={cn(td, 'font-mono text-xs')}>{entry.source ?? ''}</td>
                <td className={cn(td, 'tabular-nums')}>
                  {entry.count > 1 ? (
                    <Badge tone="amber" title={t('audit.countHelp')}>
                      {t('audit.times', { n: entry.count })}
                    </Badge>
                  ) : (
                    entry.count
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
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
