import { ALERT_ROLES, type AlertKind, type Language } from '@portal/contract';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { hashSecret } from '../lib/secrets';
import type { AlertDetails, AlertEvent } from '../ops/alerts-service';
import { issueDeepLink } from './deep-link';
import {
  deleteOperatorChat,
  failWaitingAlerts,
  findAlertRecipients,
  findOperatorChat,
  flipAlertState,
  insertAlertNotices,
  replaceOperatorLinkCode,
  setOperatorChat,
  spendOperatorLinkCode,
} from './operator-alerts-repository';
import type { TelegramApi } from './telegram-api';

/** What an operator alert message says: the alert, whether it began or ended, and its figures. */
export interface AlertPayload {
  kind: AlertKind;
  state: 'raised' | 'cleared';
  at: string;
  details: AlertDetails;
}

export async function operatorTelegramStatus(
  deps: { db: Database; telegram: TelegramApi | null },
  operator: { operatorId: number; role: string },
) {
  const chat = await findOperatorChat(deps.db, operator.operatorId);
  return {
    success: true as const,
    available: deps.telegram !== null,
    linked: Boolean(chat),
    getsAlerts: (ALERT_ROLES as readonly string[]).includes(operator.role),
  };
}

/** A one-time deep link to the bot that links the chat it is opened in to this operator. */
export async function createOperatorTelegramLink(
  deps: { db: Database; clock: Clock; telegram: TelegramApi | null },
  operatorId: number,
): Promise<string> {
  return issueDeepLink(deps, (tx, code) => replaceOperatorLinkCode(tx, operatorId, code));
}

/**
 * Links a chat with an operator's code: answers the operator, or null when the code is unknown,
 * used, expired or its operator removed. The code is spent by the statement that checks it.
 */
export async function linkOperatorChat(
  deps: { db: Database; clock: Clock },
  code: string,
  chatId: number,
  language: Language | null = null,
): Promise<number | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const operatorId = await spendOperatorLinkCode(tx, hashSecret(code), now);
    if (operatorId === null) return null;
    await setOperatorChat(tx, { operatorId, chatId, linkedAt: now, language });
    return operatorId;
  });
}

/** Unlinks an operator's chat and drops the alerts still waiting for it. */
export async function unlinkOperatorTelegram(db: Database, operatorId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteOperatorChat(tx, operatorId);
    await failWaitingAlerts(tx, operatorId, reason);
  });
}

/**
 * Queues one raise or clear for every recipient, at most once per episode over all processes: the
 * raise that turns the kind's shared state on (starting episode N+1) queues `<kind>:<N+1>:raised`,
 * the clear that turns it off queues `<kind>:<N+1>:cleared`; a raise or clear that changes nothing
 * (another process saw it first) queues nothing. Answers the rows queued.
 */
export async function queueAlertEvent(db: Database, event: AlertEvent): Promise<number> {
  return db.transaction(async (tx) => {
    const episode = await flipAlertState(tx, { kind: event.kind, raising: event.state === 'raised', at: event.at });
    if (episode === null) return 0;
    return queueForRecipients(tx, `${event.kind}:${episode}:${event.state}`, event);
  });
}

/**
 * Queues an alert about one event that has no end to watch for (an operator locked out), in the
 * transaction that made it happen: `eventKey` names the event, so it is queued once per recipient
 * whichever process saw it. Answers the rows queued.
 */
export async function queueOneOffAlert(
  tx: Queryable,
  event: {
    kind: AlertKind;
    eventKey: string;
    details: AlertDetails;
    at: Date;
    /** `cleared`: the end of something a watcher of its own raised before (a node back in contact). */
    state?: AlertPayload['state'];
  },
): Promise<number> {
  return queueForRecipients(tx, `${event.kind}:${event.eventKey}`, { ...event, state: event.state ?? 'raised' });
}

/**
 * Queues `eventKey` for every current recipient. The key is unique per operator, so a row another
 * process or an earlier call already queued stays as it was and is not counted. Answers the rows queued.
 */
async function queueForRecipients(tx: Queryable, eventKey: string, event: AlertEvent): Promise<number> {
  const recipients = await findAlertRecipients(tx);
  if (recipients.length === 0) return 0;
  const payload: AlertPayload = {
    kind: event.kind,
    state: event.state,
    at: event.at.toISOString(),
    details: event.details,
  };
  return insertAlertNotices(
    tx,
    recipients.map((operator) => ({
      operatorId: operator.id,
      eventKey,
      kind: event.kind,
      payload,
      createdAt: event.at,
      nextAttemptAt: event.at,
    })),
  );
}
