import { ALERT_ROLES, type AlertKind, type Language } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { operatorAlertNotices, operatorAlertState, operatorChats, operatorLinkCodes, operators } from '../db/schema';
import { hashSecret } from '../lib/secrets';
import type { AlertDetails, AlertEvent, Alerts } from '../ops/alerts';
import { issueDeepLink } from './deep-link';
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
  const [chat] = await deps.db.select().from(operatorChats).where(eq(operatorChats.operatorId, operator.operatorId));
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
  return issueDeepLink(deps, async (tx, code) => {
    await tx
      .delete(operatorLinkCodes)
      .where(and(eq(operatorLinkCodes.operatorId, operatorId), isNull(operatorLinkCodes.usedAt)));
    await tx.insert(operatorLinkCodes).values({ ...code, operatorId });
  });
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
    const [used] = await tx
      .update(operatorLinkCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(operatorLinkCodes.codeHash, hashSecret(code)),
          isNull(operatorLinkCodes.usedAt),
          gt(operatorLinkCodes.expiresAt, now),
          inArray(
            operatorLinkCodes.operatorId,
            tx.select({ id: operators.id }).from(operators).where(isNull(operators.removedAt)),
          ),
        ),
      )
      .returning({ operatorId: operatorLinkCodes.operatorId });
    if (!used) return null;
    await tx.delete(operatorChats).where(eq(operatorChats.chatId, chatId));
    await tx
      .insert(operatorChats)
      .values({ operatorId: used.operatorId, chatId, linkedAt: now, language })
      .onConflictDoUpdate({ target: operatorChats.operatorId, set: { chatId, linkedAt: now, language } });
    return used.operatorId;
  });
}

/** Unlinks an operator's chat and drops the alerts still waiting for it. */
export async function unlinkOperatorTelegram(db: Database, operatorId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(operatorChats).where(eq(operatorChats.operatorId, operatorId));
    await tx
      .update(operatorAlertNotices)
      .set({ status: 'failed', lastError: reason, leaseUntil: null })
      .where(and(eq(operatorAlertNotices.operatorId, operatorId), eq(operatorAlertNotices.status, 'waiting')));
  });
}

/** Operators a new alert goes to: present, of a role that runs operations, with a linked chat. */
export function alertRecipients(tx: Queryable) {
  return tx
    .select({ id: operators.id })
    .from(operators)
    .innerJoin(operatorChats, eq(operatorChats.operatorId, operators.id))
    .where(and(isNull(operators.removedAt), inArray(operators.role, [...ALERT_ROLES])));
}

/**
 * Queues one raise or clear for every recipient, at most once per episode over all processes: the
 * raise that turns the kind's shared state on (starting episode N+1) queues `<kind>:<N+1>:raised`,
 * the clear that turns it off queues `<kind>:<N+1>:cleared`; a raise or clear that changes nothing
 * (another process saw it first) queues nothing. Answers the rows queued.
 */
export async function queueAlertEvent(db: Database, event: AlertEvent): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(operatorAlertState).values({ kind: event.kind, changedAt: event.at }).onConflictDoNothing();
    const raising = event.state === 'raised';
    const [changed] = await tx
      .update(operatorAlertState)
      .set({
        raised: raising,
        changedAt: event.at,
        episode: raising ? sql`${operatorAlertState.episode} + 1` : sql`${operatorAlertState.episode}`,
      })
      .where(and(eq(operatorAlertState.kind, event.kind), eq(operatorAlertState.raised, !raising)))
      .returning({ episode: operatorAlertState.episode });
    if (!changed) return 0;
    return queueForRecipients(tx, `${event.kind}:${changed.episode}:${event.state}`, event);
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
  const recipients = await alertRecipients(tx);
  if (recipients.length === 0) return 0;
  const payload: AlertPayload = {
    kind: event.kind,
    state: event.state,
    at: event.at.toISOString(),
    details: event.details,
  };
  const added = await tx
    .insert(operatorAlertNotices)
    .values(
      recipients.map((operator) => ({
        operatorId: operator.id,
        eventKey,
        kind: event.kind,
        payload,
        createdAt: event.at,
        nextAttemptAt: event.at,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: operatorAlertNotices.id });
  return added.length;
}

/** Events kept while the database cannot take them (the database_down alert itself): the newest this many. */
const MAX_PENDING = 100;
const RETRY_MS = 5_000;

/**
 * Feeds the alerts of this process into the queue. A listener must not block the watcher, so
 * events wait in order in memory and are written one by one; an event the database refuses (it is
 * down: the database_down alert) is written when it answers again, so that alert arrives late,
 * together with its end, rather than never. Answers the function that stops it.
 */
export function forwardAlertsToTelegram(
  deps: { db: Database; alerts: Alerts },
  log: Pick<FastifyBaseLogger, 'warn'>,
): { flush: () => Promise<void>; stop: () => void } {
  const pending: AlertEvent[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const drain = async () => {
    while (pending.length > 0 && !stopped) {
      const event = pending[0];
      if (!event) break;
      try {
        await queueAlertEvent(deps.db, event);
        pending.shift();
      } catch (error) {
        log.warn({ alert: event.kind, err: String(error) }, 'operator alert not queued yet; retrying');
        timer ??= setTimeout(() => {
          timer = null;
          void flush();
        }, RETRY_MS);
        timer.unref();
        return;
      }
    }
  };
  const flush = async () => {
    while (running) await running;
    running = drain().finally(() => {
      running = null;
    });
    await running;
  };
  const enqueue = (event: AlertEvent) => {
    pending.push(event);
    if (pending.length > MAX_PENDING) pending.shift();
    void flush();
  };
  const unsubscribe = deps.alerts.onChange(enqueue);
  // A repeated state that the shared one already has changes nothing; one that differs (an
  // episode a stopped process left open, one another process ended while this one still sees
  // it) starts or ends an episode, and its recipients hear of it.
  const unsubscribeResync = deps.alerts.onResync(enqueue);
  return {
    flush,
    stop: () => {
      stopped = true;
      unsubscribe();
      unsubscribeResync();
      if (timer) clearTimeout(timer);
    },
  };
}
