import type { NewsItem } from '@portal/contract';

/** Newest first by the date the operator gave (YYYY-MM-DD sorts as text). */
export function newestFirst(items: NewsItem[]): NewsItem[] {
  return [...items].sort((a, b) => b.date.localeCompare(a.date));
}
