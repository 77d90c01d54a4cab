import type { NewsAddRequestSchema, NewsItem } from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { DomainError } from '../errors';
import { addNews, deleteNews } from './news-repository';

/** A read has no audit row or lock to go with it: the query is the whole service. */
export { listNews } from './news-repository';

export interface NewsDeps {
  db: Database;
  clock: Clock;
}

/** A news item and its audit row, in the caller's transaction (a broadcast adds its notices to it). */
export async function addNewsIn(
  tx: Queryable,
  actor: AuditActor,
  input: z.output<typeof NewsAddRequestSchema>,
  at: Date,
): Promise<NewsItem> {
  const item = await addNews(tx, input, at);
  await recordAudit(tx, {
    actor,
    action: 'news.add',
    details: { id: Number(item._id), title: item.title, important: item.important },
    at,
  });
  return item;
}

/** The operator's new item, from the console and the command line alike. */
export async function addNewsBy(
  deps: NewsDeps,
  actor: AuditActor,
  input: z.output<typeof NewsAddRequestSchema>,
): Promise<NewsItem> {
  return deps.db.transaction((tx) => addNewsIn(tx, actor, input, deps.clock.now()));
}

export async function deleteNewsBy(deps: NewsDeps, actor: AuditActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const item = await deleteNews(tx, id);
    if (!item) throw new DomainError('NOT_FOUND', { message: 'News item not found' });
    await recordAudit(tx, {
      actor,
      action: 'news.delete',
      details: { id: Number(item._id), title: item.title },
      at: deps.clock.now(),
    });
  });
}
