import type { ReactNode } from 'react';

/** How a term and its value look: a figure on its own card, a detail line, or a count line of a short list. */
const LOOKS = {
  figure: {
    item: 'rounded-xl border border-slate-200 bg-white p-4',
    term: 'text-sm text-slate-600',
    value: 'mt-1 text-2xl font-bold text-slate-900 tabular-nums',
  },
  detail: { item: 'flex justify-between gap-4 py-1.5', term: 'text-slate-700', value: 'text-right font-semibold' },
  count: {
    item: 'flex justify-between gap-4 py-1.5 text-sm',
    term: 'text-slate-700',
    value: 'font-semibold tabular-nums',
  },
} as const;

/** One term of a console description list and its value, which carries the test id when given. */
export function DescriptionItem({
  look,
  label,
  testId,
  children,
}: {
  look: keyof typeof LOOKS;
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  const classes = LOOKS[look];
  return (
    <div className={classes.item}>
      <dt className={classes.term}>{label}</dt>
      <dd className={classes.value} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
