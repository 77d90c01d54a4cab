import {
  NOTICE_STATUSES,
  type AdminNotice,
  type AdminNoticesResponse,
  type BroadcastRequestSchema,
} from '@portal/contract';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../admin/audit';
import { addNewsBy, type OperatorDeps } from '../admin/operator-actions';
import { noticeContacts, notices } from '../db/schema';

/** The console's view of the queue: how many are in each state, and the latest rows with their reasons. */
export async function listNotices(
  deps: Pick<OperatorDeps, 'db'>,
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
 * A news item and, when asked, the same text to every linked Telegram chat. The messages are
 * queued (one row per chat) and go out at the
 * queue's pace: within Telegram's 30 a second.
 */
export async function broadcast(
  deps: OperatorDeps,
  actor: AuditActor,
  input: z.output<typeof BroadcastRequestSchema>,
): Promise<{ newsId: string; queued: number }> {
  const now = deps.clock.now();
  const item = await addNewsBy(deps, actor, {
    title: input.title,
    content: input.content,
    important: input.important,
    date: now.toISOString().slice(0, 10),
  });
  if (!input.telegram) return { newsId: item._id, queued: 0 };
  const queued = await deps.db.transaction(async (tx) => {
    const linked = await tx
      .select({ userId: noticeContacts.userId })
      .from(noticeContacts)
      .where(and(isNotNull(noticeContacts.telegramChatId)));
    let added = 0;
    for (let from = 0; from < linked.length; from += 1000) {
      const rows = await tx
        .insert(notices)
        .values(
          linked.slice(from, from + 1000).map(({ userId }) => ({
            userId,
            eventKey: `broadcast:${item._id}`,
            channel: 'telegram',
            kind: 'broadcast',
            payload: { kind: 'broadcast', title: input.title, content: input.content },
            createdAt: now,
            nextAttemptAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: notices.id });
      added += rows.length;
    }
    await recordAudit(tx, {
      actor,
      action: 'notices.broadcast',
      details: { newsId: Number(item._id), telegram: added },
      at: now,
    });
    return added;
  });
  return { newsId: item._id, queued };
}
