import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * A table that scrolls sideways where its columns do not fit: its heading row, then its rows. The
 * scrolling box is a focusable region named `label`, so a keyboard can scroll it to the columns a
 * phone cuts off (axe: scrollable-region-focusable).
 */
export function TableShell({
  label,
  className,
  headClassName,
  head,
  children,
}: {
  /** What the table lists: the scrolling region's name. */
  label: string;
  /** Classes of the scrolling box (a card's background and shadow). */
  className?: string;
  headClassName: string;
  /** The heading row's cells. */
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600', className)}
    >
      <table className="w-full text-sm">
        <thead className={headClassName}>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
