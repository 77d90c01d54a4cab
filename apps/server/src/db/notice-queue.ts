import { and, eq, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { notices, operatorAlertNotices } from './tables/notices';

/** The customers' notices and the operators' alerts are queued, claimed and retried by one rule. */
type QueueTable = typeof notices | typeof operatorAlertNotices;

/** A queued row a sender may take now: waiting, its next attempt due, no other sender's lease on it. */
export function dueNow(table: QueueTable, now: Date): SQL | undefined {
  return and(
    eq(table.status, 'waiting'),
    lte(table.nextAttemptAt, now),
    or(isNull(table.leaseUntil), lt(table.leaseUntil, now)),
  );
}
