import { ALERT_ROLES, LANGUAGES, type Language } from '@portal/contract';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { LEASE_MS, TELEGRAM_PER_SECOND, lockTelegramBudget, telegramRetryMs } from './delivery';
import type { AlertPayload } from './operator-alerts';
import {
  claimAlerts as claimAlertRows,
  deleteOperatorChatIfLinked,
  failAlert,
  failUndeliverableAlerts,
  lockDueAlerts,
  markAlertSent,
  retryAlertAt,
  type AlertRow,
} from './operator-alerts-repository';
import { operatorTextsFor } from './operator-texts';
import { TelegramError, type TelegramApi } from './telegram-api';

export interface AlertSenderDeps {
  db: Database;
  clock: Clock;
  telegram: TelegramApi;
}

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
    const recent = await lockTelegramBudget(tx, now);
    const busy = recent.chats;
    let budget = TELEGRAM_PER_SECOND - recent.count;
    const candidates = await lockDueAlerts(tx, now);
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
      await failUndeliverableAlerts(tx, gone, 'the operator has no linked chat or no alerts any more');
    }
    if (chosen.size === 0) return [];
    const rows = await claimAlertRows(tx, [...chosen.keys()], now, new Date(now.getTime() + LEASE_MS));
    return rows.flatMap((row) => {
      const chat = chosen.get(row.id);
      return chat === undefined ? [] : [{ row, ...chat }];
    });
  });
}

async function send(deps: AlertSenderDeps, { row, chatId, language }: Claimed): Promise<'sent' | 'retried' | 'failed'> {
  try {
    await deps.telegram.sendMessage(chatId, alertText(row.payload as AlertPayload, language));
  } catch (error) {
    if (!(error instanceof TelegramError)) throw error;
    const now = deps.clock.now().getTime();
    const waitMs = telegramRetryMs(error, row.attempts);
    if (waitMs !== null) {
      await retryAlertAt(deps.db, row.id, error.message, new Date(now + waitMs));
      return 'retried';
    }
    // 403: the operator blocked the bot or deleted the chat; nothing will reach it any more.
    if (error.code === 403) {
      await deleteOperatorChatIfLinked(deps.db, row.operatorId, chatId);
    }
    await failAlert(deps.db, row.id, error.message);
    return 'failed';
  }
  await markAlertSent(deps.db, row.id, deps.clock.now());
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
