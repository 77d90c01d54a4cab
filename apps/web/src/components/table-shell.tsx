import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A table that scrolls sideways where its columns do not fit: its heading row, then its rows. */
export function TableShell({
  className,
  headClassName,
  head,
  children,
}: {
  /** Classes of the scrolling box (a card's background and shadow). */
  className?: string;
  headClassName: string;
  /** The heading row's cells. */
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cn('overflow-x-auto', className)}>
      <table className="w-full text-sm">
        <thead className={headClassName}>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
