import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * A table that scrolls sideways where its columns do not fit: its heading row, then its rows. The
 * scrolling box is a focusable region named `label`, so a keyboard can scroll it to the columns a
 * phone cuts off (axe: scrollable-region-focusable).
 */
export function TableShell({
  label,
  card = false,
  headClassName,
  head,
  children,
}: {
  /** What the table lists: the scrolling region's name. */
  label: string;
  /** A page's own card (the catalogue, the history): white, rounded, its heading row shaded. */
  card?: boolean;
  /** Classes of the heading row, after a card's own. */
  headClassName?: string;
  /** The heading row's cells. */
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600',
        card && 'rounded-2xl bg-white shadow-sm',
      )}
    >
      <table className="w-full text-sm">
        <thead className={cn(card && 'bg-slate-100 text-slate-700', headClassName)}>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
