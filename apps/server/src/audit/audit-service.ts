import type { AuditQuerySchema } from '@portal/contract';
import type { z } from 'zod';
import type { Queryable } from '../db/client';
import { sourceKey } from '../lib/failure-throttle';
import type { AuditActor } from './audit-actor';
import { insertAuditRow, selectAuditPage, upsertFloodRow, type AuditEntryInput } from './audit-repository';

export { SYSTEM_ACTOR, type AuditActor, type NonOperatorActor } from './audit-actor';
export type { AuditEntryInput } from './audit-repository';

/**
 * Records an operator action after it succeeded. Details never hold secrets or gift card codes.
 * `db` is the caller's transaction, so the row commits with the action it records or not at all.
 */
export async function recordAudit(db: Queryable, entry: AuditEntryInput): Promise<void> {
  await insertAuditRow(db, entry);
}

/**
 * Records an event that an attacker can repeat at will (a refusal, a failed login): all of one
 * kind from one source (an IPv6 /64 counts as one) and one operator within a minute are one row
 * whose `count` grows, so a flood adds a row a minute instead of pushing real actions out of view.
 * The row keeps the first event's time and details; `about` (the call a refusal refused) keeps
 * different targets apart, a bounded number of rows however long the flood.
 */
export async function recordFlood(
  db: Queryable,
  entry: AuditEntryInput & { actor: AuditActor },
  about = '',
): Promise<void> {
  const minute = Math.floor(entry.at.getTime() / 60_000);
  const who = entry.actor.operatorId ?? '-';
  const floodKey = [entry.action, about, who, sourceKey(entry.actor.source), minute].join('|');
  await upsertFloodRow(db, entry, floodKey);
}

/** The audit call's query as its schema parsed it, from the API and the command line alike. */
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** A page of the log, newest first; `from` and `to` arrive as ISO 8601 text. */
export async function listAudit(db: Queryable, query: AuditQuery) {
  const { from, to, ...rest } = query;
  return selectAuditPage(db, {
    ...rest,
    from: from === undefined ? undefined : new Date(from),
    to: to === undefined ? undefined : new Date(to),
  });
}
