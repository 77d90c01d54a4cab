import type { NewsItem } from '@portal/contract';

/** Newest first by the date the operator gave (YYYY-MM-DD sorts as text). */
export function newestFirst(items: NewsItem[]): NewsItem[] {
  return [...items].sort((a, b) => b.date.localeCompare(a.date));
}

/**
 * A news item's date (YYYY-MM-DD, a calendar day, so read in UTC) in the reader's language, long
 * form; shown as written when it is not a date.
 */
export function newsDateFormat(language: string): (date: string) => string {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  return (date) => {
    const parsed = new Date(`${date}T00:00:00Z`);
    return Number.isNaN(parsed.getTime()) ? date : format.format(parsed);
  };
}
