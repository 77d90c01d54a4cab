import type { NewsItem } from '@portal/contract';

/** The public page gives each item a card of its own; the editor's list sets it beside its Delete button. */
const looks = {
  page: {
    heading: 'h2',
    title: 'text-xl font-semibold text-slate-900',
    date: 'mt-1 text-sm text-slate-500',
    content: 'mt-3 whitespace-pre-line text-slate-700',
  },
  editor: {
    heading: 'h3',
    title: 'text-lg font-semibold break-words text-slate-900',
    date: 'mt-1 text-sm text-slate-600',
    content: 'mt-2 break-words whitespace-pre-line text-slate-700',
  },
} as const;

/**
 * A news item's title (flagged when important), date and content. Titles and contents are
 * operator input shown to every visitor: always rendered as text.
 */
export function NewsItemText({
  item,
  importantLabel,
  formatDate,
  look,
}: {
  item: NewsItem;
  importantLabel: string;
  formatDate: (date: string) => string;
  look: keyof typeof looks;
}) {
  const { heading: Heading, ...classes } = looks[look];
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Heading className={classes.title}>{item.title}</Heading>
        {item.important && (
          <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-bold text-orange-900 uppercase">
            {importantLabel}
          </span>
        )}
      </div>
      <p className={classes.date}>
        <time dateTime={item.date}>{formatDate(item.date)}</time>
      </p>
      <p className={classes.content}>{item.content}</p>
    </>
  );
}
