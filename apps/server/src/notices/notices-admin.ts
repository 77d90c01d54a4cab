import {
  NOTICE_STATUSES,
  type AdminNotice,
  type AdminNoticesResponse,
  type BroadcastRequestSchema,
} from '@portal/contract';
import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import { noticeContacts, notices } from '../db/schema';
import { addNewsIn, type NewsDeps } from '../news/news-service';
import { queueNoticeToAll } from './notice-queue';

/** The console's view of the queue: how many are in each state, and the latest rows with their reasons. */
export async function listNotices(
  deps: Pick<NewsDeps, 'db'>,
  query: { status?: AdminNotice['status']; limit: number },
): Promise<Omit<AdminNoticesResponse, 'success'>> {
  const grouped = await deps.db
    .select({ status: notices.status, count: sql<number>`count(*)::int` })
    .from(notices)
    .groupBy(notices.status);
  const counts = Object.fromEntries(NOTICE_STATUSES.map((status) => [status, 0])) as AdminNoticesResponse['counts'];
  for (const row of grouped) counts[row.status as AdminNotice['status']] = Number(row.count);
  const [linked] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(noticeContacts)
    .where(isNotNull(noticeContacts.telegramChatId));
  const rows = await deps.db
    .select()
    .from(notices)
    .where(query.status ? eq(notices.status, query.status) : undefined)
    .orderBy(desc(notices.id))
    .limit(query.limit);
  return {
    counts,
    telegramLinked: Number(linked?.count ?? 0),
    notices: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      kind: row.kind as AdminNotice['kind'],
      channel: row.channel as AdminNotice['channel'],
      status: row.status as AdminNotice['status'],
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      nextAttemptAt: row.nextAttemptAt.toISOString(),
    })),
  };
}

/**
 * A news item and, when asked, the same text to every linked Telegram chat, in one transaction:
 * the item, its notices and both audit rows are there together or not at all. The messages go out
 * at the queue's pace: within Telegram's 30 a second.
 */
export async function broadcast(
  deps: NewsDeps,
  actor: AuditActor,
  input: z.output<typeof BroadcastRequestSchema>,
): Promise<{ newsId: string; queued: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { title, content, important } = input;
    const item = await addNewsIn(tx, actor, { title, content, important, date: now.toISOString().slice(0, 10) }, now);
    if (!input.telegram) return { newsId: item._id, queued: 0 };
    const queued = await queueNoticeToAll(
      tx,
      { kind: 'broadcast', title, content },
      { key: `broadcast:${item._id}`, at: now },
    );
    await recordAudit(tx, {
      actor,
      action: 'notices.broadcast',
      details: { newsId: Number(item._id), telegram: queued },
      at: now,
    });
    return { newsId: item._id, queued };
  });
}
