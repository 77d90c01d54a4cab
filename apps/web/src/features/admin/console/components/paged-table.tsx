import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { ListTable } from './table';

/**
 * A console screen's loaded list a page at a time, with the pager under it (the caption is for
 * screen readers: the screen's heading names the list). Says so when the list is empty, and
 * shows the loading or failed state until the list has come.
 */
export function PagedTable({
  query,
  caption,
  labels,
  emptyText,
  pager,
  children,
}: {
  query: Pick<UseQueryResult, 'data' | 'error' | 'refetch'>;
  caption: string;
  labels: readonly string[];
  emptyText: string;
  /** From usePaging: its total is the whole list's length. */
  pager: ComponentProps<typeof Pager>;
  /** The rows of the page on screen. */
  children: ReactNode;
}) {
  if (!query.data) return <QueryState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <ListTable caption={caption} captionHidden labels={labels} empty={pager.total === 0} emptyText={emptyText}>
        {children}
      </ListTable>
      <Pager {...pager} />
    </>
  );
}
