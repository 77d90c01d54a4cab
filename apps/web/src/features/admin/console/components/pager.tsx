import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';

/** Where the pager stands and where its buttons lead: what `usePaging` gives a table's Pager. */
export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/**
 * Previous/next paging for long tables (the inventory can hold 20,000 rows; rendering them all
 * at once would freeze the page). `page` counts from 0.
 */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation('console');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const from = page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label={t('common.pager.label')} className="flex flex-wrap items-center justify-between gap-2 py-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('common.pager.status', { page: page + 1, pages, from, to, total })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
          {t('common.pager.previous')}
        </Button>
        <Button variant="secondary" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
          {t('common.pager.next')}
        </Button>
      </div>
    </nav>
  );
}

/**
 * The page of `rows` on screen, the Pager's props, and `setPage` for a filter that starts over.
 * The page is clamped after the row count shrank (a narrower search), so it is never empty.
 */
export function usePaging<Row>(rows: readonly Row[], pageSize: number) {
  const [page, setPage] = useState(0);
  const shown = Math.min(page, Math.max(0, Math.ceil(rows.length / pageSize) - 1));
  const pager: PagerProps = { page: shown, pageSize, total: rows.length, onPage: setPage };
  return {
    pageRows: rows.slice(shown * pageSize, (shown + 1) * pageSize),
    pager,
    setPage,
  };
}
