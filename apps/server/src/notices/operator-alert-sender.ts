import { ALERT_ROLES, LANGUAGES, type Language } from '@portal/contract';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { operatorAlertNotices, operatorChats, operators } from '../db/schema';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { LEASE_MS, PER_CHAT_MS, TELEGRAM_PER_SECOND, telegramClaimsSince, telegramRetryMs } from './delivery';
import type { AlertPayload } from './operator-alerts';
import { operatorTextsFor } from './operator-texts';
import { TelegramError, type TelegramApi } from './telegram-api';

export interface AlertSenderDeps {
  db: Database;
  clock: Clock;
  telegram: TelegramApi;
}

type AlertRow = typeof operatorAlertNotices.$inferSelect;

/** An alert as the operator reads it, in the language their chat was linked in (English without one). */
export function alertText(payload: AlertPayload, language: Language | null = null): string {
  const texts = operatorTextsFor(language);
  const figures = Object.entries(payload.details)
    .map(([name, value]) => `${texts.figures[name] ?? name}: ${String(value)}`)
    .join('\n');
  const title = texts.titles[payload.kind];
  const head = payload.state === 'raised' ? `⚠️ ${texts.raised}: ${title}` : `✅ ${texts.over}: ${title}`;
  return [head, `${payload.at.slice(0, 19).replace('T', ' ')} UTC`, figures].filter(Boolean).join('\n');
}

const due = (now: Date) =>
  and(
    eq(operatorAlertNotices.status, 'waiting'),
    lte(operatorAlertNotices.nextAttemptAt, now),
    or(isNull(operatorAlertNotices.leaseUntil), lt(operatorAlertNotices.leaseUntil, now)),
  );

/**
 * Claims the alerts this second allows, under the customers' sender's lock and within the same
 * budget: 30 chats a second over both queues, one message a second per chat. An alert whose
 * operator has left, lost the role or unlinked the chat is failed, not sent.
 */
interface Claimed {
  row: AlertRow;
  chatId: number;
  language: Language | null;
}

async function claimAlerts(db: Database, now: Date): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.telegramClaims})`);
    const since = new Date(now.getTime() - PER_CHAT_MS);
    const recent = await telegramClaimsSince(tx, since);
    const busy = recent.chats;
    let budget = TELEGRAM_PER_SECOND - recent.count;
    const candidates = await tx
      .select({
        id: operatorAlertNotices.id,
        chatId: operatorChats.chatId,
        language: operatorChats.language,
        removedAt: operators.removedAt,
        role: operators.role,
      })
      .from(operatorAlertNotices)
      .innerJoin(operators, eq(operators.id, operatorAlertNotices.operatorId))
      .leftJoin(operatorChats, eq(operatorChats.operatorId, operatorAlertNotices.operatorId))
      .where(due(now))
      .orderBy(asc(operatorAlertNotices.id))
      .limit(200)
      .for('update', { of: operatorAlertNotices, skipLocked: true });
    const gone: number[] = [];
    const chosen = new Map<number, { chatId: number; language: Language | null }>();
    for (const row of candidates) {
      if (row.chatId === null || row.removedAt !== null || !(ALERT_ROLES as readonly string[]).includes(row.role)) {
        gone.push(row.id);
        continue;
      }
      if (busy.has(row.chatId) || budget <= 0) continue;
      busy.add(row.chatId);
      const language = LANGUAGES.find((known) => known === row.language) ?? null;
      chosen.set(row.id, { chatId: row.chatId, language });
      budget -= 1;
    }
    if (gone.length > 0) {
      await tx
        .update(operatorAlertNotices)
        .set({ status: 'failed', lastError: 'the operator has no linked chat or no alerts any more' })
        .where(inArray(operatorAlertNotices.id, gone));
    }
    if (chosen.size === 0) return [];
    const rows = await tx
      .update(operatorAlertNotices)
      .set({
        claimedAt: now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${operatorAlertNotices.attempts} + 1`,
        chatId: sql`(SELECT ${operatorChats.chatId} FROM ${operatorChats} WHERE ${operatorChats.operatorId} = ${operatorAlertNotices.operatorId})`,
      })
      .where(inArray(operatorAlertNotices.id, [...chosen.keys()]))
      .returning();
    return rows.flatMap((row) => {
      const chat = chosen.get(row.id);
      return chat === undefined ? [] : [{ row, ...chat }];
    });
  });
}

/** Late outcomes never turn a sent alert back (only waiting rows are touched). */
const stillWaiting = (id: number) => and(eq(operatorAlertNotices.id, id), eq(operatorAlertNotices.status, 'waiting'));

async function send(deps: AlertSenderDeps, { row, chatId, language }: Claimed): Promise<'sent' | 'retried' | 'failed'> {
  try {
    await deps.telegram.sendMessage(chatId, alertText(row.payload as AlertPayload, language));
  } catch (error) {
    if (!(error instanceof TelegramError)) throw error;
    const now = deps.clock.now().getTime();
    const waitMs = telegramRetryMs(error, row.attempts);
    if (waitMs !== null) {
      await deps.db
        .update(operatorAlertNotices)
        .set({ leaseUntil: null, lastError: error.message, nextAttemptAt: new Date(now + waitMs) })
        .where(stillWaiting(row.id));
      return 'retried';
    }
    // 403: the operator blocked the bot or deleted the chat; nothing will reach it any more.
    if (error.code === 403) {
      await deps.db
        .delete(operatorChats)
        .where(and(eq(operatorChats.operatorId, row.operatorId), eq(operatorChats.chatId, chatId)));
    }
    await deps.db
      .update(operatorAlertNotices)
      .set({ status: 'failed', leaseUntil: null, lastError: error.message })
      .where(stillWaiting(row.id));
    return 'failed';
  }
  await deps.db
    .update(operatorAlertNotices)
    .set({ status: 'sent', sentAt: deps.clock.now(), leaseUntil: null, lastError: null })
    .where(eq(operatorAlertNotices.id, row.id));
  return 'sent';
}

/** One round of the operator alert queue; several processes may run rounds at once. */
export async function runAlertRound(deps: AlertSenderDeps) {
  const result = { sent: 0, retried: 0, failed: 0 };
  const claimed = await claimAlerts(deps.db, deps.clock.now());
  for (const outcome of await Promise.all(claimed.map((claim) => send(deps, claim)))) {
    result[outcome] += 1;
  }
  return result;
}
