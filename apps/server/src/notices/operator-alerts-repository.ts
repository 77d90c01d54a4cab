import { ALERT_ROLES, type AlertKind, type Language } from '@portal/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { firstRow } from '../db/first-row';
import { spendableCode } from '../db/link-codes';
import { dueNow } from '../db/notice-queue';
import { operators } from '../db/tables/admin';
import { operatorAlertNotices, operatorAlertState, operatorChats, operatorLinkCodes } from '../db/tables/notices';
import type { LinkCode } from './deep-link';

export type AlertRow = typeof operatorAlertNotices.$inferSelect;
export type NewAlertNotice = typeof operatorAlertNotices.$inferInsert;

export async function findOperatorChat(db: Queryable, operatorId: number) {
  return firstRow(db, operatorChats, eq(operatorChats.operatorId, operatorId));
}

/** Stores an operator's new deep-link code in place of their unused older ones. */
export async function replaceOperatorLinkCode(tx: Queryable, operatorId: number, code: LinkCode): Promise<void> {
  await tx
    .delete(operatorLinkCodes)
    .where(and(eq(operatorLinkCodes.operatorId, operatorId), isNull(operatorLinkCodes.usedAt)));
  await tx.insert(operatorLinkCodes).values({ ...code, operatorId });
}

/**
 * Spends an unused, unexpired code of an operator not removed, in the statement that checks it;
 * answers the operator, or null when there is no such code.
 */
export async function spendOperatorLinkCode(tx: Queryable, codeHash: string, now: Date): Promise<number | null> {
  const [used] = await tx
    .update(operatorLinkCodes)
    .set({ usedAt: now })
    .where(
      and(
        spendableCode(operatorLinkCodes, codeHash, now),
        inArray(
          operatorLinkCodes.operatorId,
          tx.select({ id: operators.id }).from(operators).where(isNull(operators.removedAt)),
        ),
      ),
    )
    .returning({ operatorId: operatorLinkCodes.operatorId });
  return used?.operatorId ?? null;
}

/** Links a chat to an operator, taking it from whichever operator had it and replacing the operator's own. */
export async function setOperatorChat(
  tx: Queryable,
  chat: { operatorId: number; chatId: number; linkedAt: Date; language: Language | null },
): Promise<void> {
  const { chatId, linkedAt, language } = chat;
  await tx.delete(operatorChats).where(eq(operatorChats.chatId, chatId));
  await tx
    .insert(operatorChats)
    .values(chat)
    .onConflictDoUpdate({ target: operatorChats.operatorId, set: { chatId, linkedAt, language } });
}

export async function deleteOperatorChat(tx: Queryable, operatorId: number): Promise<void> {
  await tx.delete(operatorChats).where(eq(operatorChats.operatorId, operatorId));
}

/** Unlinks the chat from the operator, if it is still the one linked. */
export async function deleteOperatorChatIfLinked(db: Queryable, operatorId: number, chatId: number): Promise<void> {
  await db.delete(operatorChats).where(and(eq(operatorChats.operatorId, operatorId), eq(operatorChats.chatId, chatId)));
}

/** Fails the alerts still waiting for an operator. */
export async function failWaitingAlerts(tx: Queryable, operatorId: number, reason: string): Promise<void> {
  await tx
    .update(operatorAlertNotices)
    .set({ status: 'failed', lastError: reason, leaseUntil: null })
    .where(and(eq(operatorAlertNotices.operatorId, operatorId), eq(operatorAlertNotices.status, 'waiting')));
}

/** Operators a new alert goes to: present, of a role that runs operations, with a linked chat. */
export function findAlertRecipients(tx: Queryable) {
  return tx
    .select({ id: operators.id })
    .from(operators)
    .innerJoin(operatorChats, eq(operatorChats.operatorId, operators.id))
    .where(and(isNull(operators.removedAt), inArray(operators.role, [...ALERT_ROLES])));
}

/**
 * Turns a kind's shared state raised (a new episode) or cleared, if it was the other; answers the
 * episode, or null when the state already was so. The kind's row is made when missing.
 */
export async function flipAlertState(
  tx: Queryable,
  event: { kind: AlertKind; raising: boolean; at: Date },
): Promise<number | null> {
  const { kind, raising, at } = event;
  await tx.insert(operatorAlertState).values({ kind, changedAt: at }).onConflictDoNothing();
  const [changed] = await tx
    .update(operatorAlertState)
    .set({
      raised: raising,
      changedAt: at,
      episode: raising ? sql`${operatorAlertState.episode} + 1` : sql`${operatorAlertState.episode}`,
    })
    .where(and(eq(operatorAlertState.kind, kind), eq(operatorAlertState.raised, !raising)))
    .returning({ episode: operatorAlertState.episode });
  return changed?.episode ?? null;
}

/** Inserts alert notices; a key already queued for an operator adds nothing. Answers the rows added. */
export async function insertAlertNotices(tx: Queryable, rows: NewAlertNotice[]): Promise<number> {
  const added = await tx
    .insert(operatorAlertNotices)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: operatorAlertNotices.id });
  return added.length;
}

const due = (now: Date) => dueNow(operatorAlertNotices, now);

/** Due alerts with their operators' chats and standing, oldest first, locked (rows other senders hold skipped). */
export async function lockDueAlerts(tx: Queryable, now: Date) {
  return tx
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
}

/** Fails alerts that have nobody to go to. */
export async function failUndeliverableAlerts(tx: Queryable, ids: number[], reason: string): Promise<void> {
  await tx
    .update(operatorAlertNotices)
    .set({ status: 'failed', lastError: reason })
    .where(inArray(operatorAlertNotices.id, ids));
}

/** Claims alerts until `leaseUntil`, counting the attempt and noting the chat each goes to. */
export async function claimAlerts(tx: Queryable, ids: number[], now: Date, leaseUntil: Date): Promise<AlertRow[]> {
  return tx
    .update(operatorAlertNotices)
    .set({
      claimedAt: now,
      leaseUntil,
      attempts: sql`${operatorAlertNotices.attempts} + 1`,
      chatId: sql`(SELECT ${operatorChats.chatId} FROM ${operatorChats} WHERE ${operatorChats.operatorId} = ${operatorAlertNotices.operatorId})`,
    })
    .where(inArray(operatorAlertNotices.id, ids))
    .returning();
}

/** Late outcomes never turn a sent alert back (only waiting rows are touched). */
const stillWaiting = (id: number) => and(eq(operatorAlertNotices.id, id), eq(operatorAlertNotices.status, 'waiting'));

export async function retryAlertAt(db: Queryable, id: number, reason: string, at: Date): Promise<void> {
  await db
    .update(operatorAlertNotices)
    .set({ leaseUntil: null, lastError: reason, nextAttemptAt: at })
    .where(stillWaiting(id));
}

export async function failAlert(db: Queryable, id: number, reason: string): Promise<void> {
  await db
    .update(operatorAlertNotices)
    .set({ status: 'failed', leaseUntil: null, lastError: reason })
    .where(stillWaiting(id));
}

export async function markAlertSent(db: Queryable, id: number, now: Date): Promise<void> {
  await db
    .update(operatorAlertNotices)
    .set({ status: 'sent', sentAt: now, leaseUntil: null, lastError: null })
    .where(eq(operatorAlertNotices.id, id));
}
