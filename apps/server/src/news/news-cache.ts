import { createHash } from 'node:crypto';
import type { DatabaseHandle, Queryable } from '../db/client';
import { LISTENED_TTL_MS, ListenedValue, listenedValue } from '../lib/listened-value';
import type { JsonSnapshot } from '../plugins/snapshot-reply';
import { listNews } from './news-repository';

/** Sent at commit by the news trigger on any change of the table. */
export const NEWS_CHANGED = 'news_changed';

/** The public news answer, serialized once per change of the news. */
async function newsSnapshot(db: Queryable): Promise<JsonSnapshot> {
  const json = Buffer.from(JSON.stringify({ success: true, news: await listNews(db) }));
  return { json, etag: `"news-${createHash('sha256').update(json).digest('base64url').slice(0, 16)}"` };
}

/** Without a listener (tests on one connection), the news are read on each request. */
export function unlistenedNews(db: Queryable): ListenedValue<JsonSnapshot> {
  return new ListenedValue(() => newsSnapshot(db));
}

/** The news kept in memory until a change: what `npm start` runs with. */
export function listenedNews(database: Pick<DatabaseHandle, 'db' | 'listen'>, ttlMs = LISTENED_TTL_MS) {
  return listenedValue(
    database,
    NEWS_CHANGED,
    () => newsSnapshot(database.db),
    () => null,
    ttlMs,
  );
}
