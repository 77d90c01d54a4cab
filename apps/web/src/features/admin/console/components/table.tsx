import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';

const thBase = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
export const th = `whitespace-nowrap ${thBase}`;
export const td = 'px-3 py-2 align-top text-sm text-slate-800';

/**
 * A table that scrolls sideways on a phone instead of squeezing its columns. The scrolling box
 * is a focusable, labelled region so keyboard users can scroll it too (axe: scrollable-region-focusable).
 * The region's name says it is the table: a screen often puts a table in a section headed with
 * the caption's words, and two regions of one name cannot be told apart in a list of landmarks.
 */
export function Table({
  caption,
  captionHidden = false,
  children,
  className,
  scrollable = true,
  stickyActions = false,
}: {
  caption: string;
  captionHidden?: boolean;
  children: ReactNode;
  className?: string;
  /** False for a table that is only there for screen readers: an invisible tab stop would confuse. */
  scrollable?: boolean;
  /**
   * The last column holds the row's buttons: it stays at the box's right edge while the other
   * columns scroll under it, so a phone sees every row's actions without scrolling sideways. A
   * button's label keeps to one line (Chinese would break between any two characters), but the
   * buttons may stack, so the column is no wider than its widest button on a wide screen.
   */
  stickyActions?: boolean;
}) {
  const { t } = useTranslation('console');
  return (
    <div
      role={scrollable ? 'region' : undefined}
      aria-label={scrollable ? t('common.tableRegion', { caption }) : undefined}
      tabIndex={scrollable ? 0 : undefined}
      className={cn(
        'rounded-xl border border-slate-200 bg-white',
        // Only a scrollable table scrolls: an unfocusable box that scrolls fails scrollable-region-focusable.
        scrollable && 'overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      <table
        className={cn(
          'w-full border-collapse',
          stickyActions &&
            '[&_tr>*:last-child]:sticky [&_tr>*:last-child]:right-0 [&_tr>*:last-child_button]:whitespace-nowrap [&_tr>*:last-child]:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)] [&_tbody_tr>*:last-child]:bg-white [&_thead_tr>*:last-child]:bg-slate-50',
        )}
        data-sticky-actions={stickyActions || undefined}
      >
        <caption className={cn('px-3 py-2 text-left font-semibold text-slate-900', captionHidden && 'sr-only')}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** The column headings of a console table; `wrap` lets long headings take two lines in a wide table. */
export function TableHead({ labels, wrap = false }: { labels: readonly string[]; wrap?: boolean }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className={wrap ? thBase : th}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The one row of a table with nothing to list, saying so. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className={cn(td, 'py-6 text-slate-600')}>
        {/* Held in view while the table scrolls sideways: centred across a table wider than a
            phone, the sentence started or ended off screen. */}
        <p
          data-testid="empty-row-text"
          className="sticky left-3 max-w-[calc(100vw-4rem)] whitespace-normal sm:text-center"
        >
          {text}
        </p>
      </td>
    </tr>
  );
}

/** A screen's heading and optional actions, the same on every console screen. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/**
 * A console list: its column headings, its rows, and when `empty`, the one row saying so across
 * every column. The table's own options (caption, sticky actions, ...) pass through.
 */
export function ListTable({
  labels,
  wrap,
  empty,
  emptyText,
  bodyClassName,
  children,
  ...table
}: ComponentProps<typeof Table> & {
  labels: readonly string[];
  wrap?: boolean;
  empty: boolean;
  emptyText: string;
  bodyClassName?: string;
}) {
  return (
    <Table {...table}>
      <TableHead labels={labels} wrap={wrap} />
      <tbody className={bodyClassName}>
        {empty && <EmptyRow colSpan={labels.length} text={emptyText} />}
        {children}
      </tbody>
    </Table>
  );
}
