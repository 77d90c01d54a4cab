import {
  DAY_MS,
  HOUR_MS,
  TOPIC_OF_KIND,
  type NoticeChannel,
  type NoticeKind,
  type NoticeTopic,
} from '@portal/contract';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import type { NoticeEvent } from './notice-events';
import {
  findChannelContacts,
  findReachableContacts,
  findRentalsDueWarning,
  insertNotices,
  type ChannelContact,
} from './notices-repository';

export interface QueueOptions {
  /**
   * What makes the event one event: a second queueing with the same key adds nothing. Defaults
   * to one the event's own fields give (a proxy replacement: the rental and the new proxy).
   */
  key?: string;
  /** When it happened (the injected clock's now); defaults to the system clock. */
  at?: Date;
}

/** How a rental is named in a message: its exit IP, country and the customer's note. */
export function rentalLabel(proxy: { exitIp: string | null; ip: string; country: string }, note: string): string {
  return [proxy.exitIp ?? proxy.ip, proxy.country, note.trim()].filter(Boolean).join(' · ');
}

function defaultKey(event: NoticeEvent): string {
  switch (event.kind) {
    case 'expiry_24h':
    case 'expiry_1h':
    case 'auto_renewed':
    case 'renew_failed':
      return `${event.kind}:${event.rentalId}:${Date.parse(event.endTime)}`;
    case 'proxy_replaced':
      return `proxy_replaced:${event.rentalId}:${event.proxyId}`;
    case 'proxy_disabled':
      throw new Error('a proxy_disabled notice needs its key (a proxy may be disabled again later)');
    case 'payment_credited':
    case 'broadcast':
      throw new Error(`a ${event.kind} notice needs its key (the payment or news item it is about)`);
  }
}

/** The channels a customer is reached on for a kind: a linked chat; a confirmed address that wants it. */
function channelsOf(contact: ChannelContact, kind: NoticeKind): NoticeChannel[] {
  const channels: NoticeChannel[] = [];
  if (contact.telegramChatId !== null) channels.push('telegram');
  const topic = TOPIC_OF_KIND[kind];
  if (contact.emailConfirmedAt && kind !== 'broadcast' && (!topic || contact.emailTopics.includes(topic))) {
    channels.push('email');
  }
  return channels;
}

/** One row per contact and channel it is reached on; a key already queued on a channel adds nothing. */
async function insertFor(
  tx: Queryable,
  contacts: ChannelContact[],
  event: NoticeEvent,
  eventKey: string,
  at: Date,
): Promise<number> {
  const rows = contacts.flatMap((contact) =>
    channelsOf(contact, event.kind).map((channel) => ({
      userId: contact.userId,
      eventKey,
      channel,
      kind: event.kind,
      payload: event,
      createdAt: at,
      nextAttemptAt: at,
    })),
  );
  return insertNotices(tx, rows);
}

/**
 * Queues an event for a customer in the caller's transaction: it is sent only if the transaction
 * commits, and exactly one row per channel exists for its key however often it is queued. A
 * customer with no linked chat and no confirmed address gets nothing queued. Answers the rows added.
 */
export async function queueNotice(
  tx: Queryable,
  customerId: number,
  event: NoticeEvent,
  options: QueueOptions = {},
): Promise<number> {
  const contacts = await findChannelContacts(tx, customerId);
  return insertFor(tx, contacts, event, options.key ?? defaultKey(event), options.at ?? new Date());
}

/** Queues one event for every customer it reaches, in the caller's transaction; answers the rows added. */
export async function queueNoticeToAll(
  tx: Queryable,
  event: NoticeEvent,
  options: Required<QueueOptions>,
): Promise<number> {
  const contacts = await findReachableContacts(tx);
  return insertFor(tx, contacts, event, options.key, options.at);
}

/** The warnings before a rental ends, each `beforeMs` ahead of end_time. */
export const EXPIRY_MOMENTS = [
  { kind: 'expiry_24h', topic: 'expiry' satisfies NoticeTopic, beforeMs: DAY_MS, until: HOUR_MS },
  { kind: 'expiry_1h', topic: 'expiry' satisfies NoticeTopic, beforeMs: HOUR_MS, until: 0 },
] as const;

/**
 * Queues the warnings whose moment has come: a connected rental without auto-renew (auto-renew
 * tells its own outcome) whose end is within 24 h (1 h), once per rental, moment and end time. A
 * rental that was connected after the moment gets no such warning (a 12-hour rental gets only the
 * 1-hour one), and the 24-hour one is skipped once the 1-hour one is due.
 */
export async function queueExpiryWarnings(deps: { db: Database; clock: Clock }): Promise<number> {
  const now = deps.clock.now();
  let queued = 0;
  for (const moment of EXPIRY_MOMENTS) {
    const due = await findRentalsDueWarning(deps.db, moment, now);
    for (const rental of due) {
      queued += await queueNotice(
        deps.db,
        rental.userId,
        {
          kind: moment.kind,
          rentalId: rental.id,
          endTime: rental.endTime.toISOString(),
          label: rentalLabel(rental, rental.note),
        },
        { at: now },
      );
    }
  }
  return queued;
}
