import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId } from '../schema-columns';

/** The public news feed; content is plain text, shown as text, never as HTML. */
export const news = pgTable(
  'news',
  {
    id: identityId(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** YYYY-MM-DD, as the admin form sends it. */
    date: text('date').notNull(),
    important: boolean('important').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('news_date_idx').on(t.date, t.id)],
);
