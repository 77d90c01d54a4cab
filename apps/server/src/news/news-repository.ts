import { ROW_ID_TEXT, type NewsItem } from '@portal/contract';
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { news } from '../db/tables/news';

const toItem = (row: typeof news.$inferSelect): NewsItem => ({
  _id: String(row.id),
  title: row.title,
  content: row.content,
  date: row.date,
  important: row.important,
});

/** Newest first: by the date the operator gave, then by when it was added. */
export async function listNews(db: Queryable): Promise<NewsItem[]> {
  const rows = await db.select().from(news).orderBy(desc(news.date), desc(news.id));
  return rows.map(toItem);
}

/** Stored as sent: the browser shows it as text, so markup is displayed, never run. */
export async function addNews(
  db: Queryable,
  item: { title: string; content: string; date: string; important: boolean },
  at: Date,
): Promise<NewsItem> {
  const [row] = await db
    .insert(news)
    .values({ ...item, createdAt: at })
    .returning();
  if (!row) throw new Error('insert into news returned no row');
  return toItem(row);
}

/** The deleted item, or null when there is none with this id. */
export async function deleteNews(db: Queryable, id: string): Promise<NewsItem | null> {
  if (!ROW_ID_TEXT.test(id)) return null;
  const [row] = await db
    .delete(news)
    .where(eq(news.id, Number(id)))
    .returning();
  return row ? toItem(row) : null;
}
