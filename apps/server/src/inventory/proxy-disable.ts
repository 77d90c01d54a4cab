import { RENTAL_STATUS, refundUntil } from '@portal/contract';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { DomainError } from '../errors';
import { queueNotice, rentalLabel } from '../notices/notices-service';
import { replaceForOperator } from '../replacements/replacement-service';
import { findRental, holdingRentalsOf, markRentalUnavailable, type RentalRow } from '../rentals/rentals-service';
import { findProxy, proxyEnabled, setProxyEnabled } from './inventory-repository';

export interface DisableOptions {
  /** Move each connected rental to a comparable healthy proxy, free of charge. */
  replace?: boolean | undefined;
  /** Count what a disable would affect; change nothing. */
  dryRun?: boolean | undefined;
}

export interface DisableOutcome {
  /** False once disabled; on a dry run, whether the proxy is enabled now. */
  enabled: boolean;
  affectedRentals: number;
  replaced: number;
  dryRun: boolean;
}

/**
 * Tells the renter their proxy stopped working because the shop took it out, with the refund
 * deadline when the refund rule now grants one (the disable counts as the proxy found unavailable).
 */
async function queueDisabledNotice(db: Queryable, rental: RentalRow, at: Date): Promise<void> {
  const proxy = await findProxy(db, rental.proxyId);
  if (!proxy) return;
  const until = refundUntil({
    connected: rental.status === RENTAL_STATUS.connected,
    purchasedAt: rental.createdAt,
    unavailableAt: rental.unavailableAt ?? at,
    refundRequested: rental.refundRequestedAt !== null,
  });
  await queueNotice(
    db,
    rental.userId,
    {
      kind: 'proxy_disabled',
      rentalId: rental.id,
      proxyId: rental.proxyId,
      label: rentalLabel(proxy, rental.note),
      refundUntil: until?.toISOString() ?? null,
    },
    // The operator may enable and disable the same proxy again: each disable is its own event.
    { at, key: `proxy_disabled:${rental.id}:${rental.proxyId}:${at.getTime()}` },
  );
}

/**
 * The operator's disable. The proxy leaves the catalogue and the gateway refuses its rental; in
 * the same transaction the connected rental is recorded as unavailable from now (so the refund
 * rule for failing proxies applies to it), and, unless it is to be replaced, its renter is told.
 * With `replace`, each connected rental then moves by the replacement service's own path, one
 * transaction each; a rental with nothing comparable free is told instead.
 */
export async function disableProxyBy(
  deps: { db: Database; clock: Clock },
  actor: AuditActor,
  id: number,
  options: DisableOptions = {},
): Promise<DisableOutcome> {
  if (options.dryRun) {
    const enabled = await proxyEnabled(deps.db, id);
    if (enabled === undefined) throw new DomainError('PROXY_NOT_FOUND');
    const affectedRentals = (await holdingRentalsOf(deps.db, id, false)).length;
    return { enabled, affectedRentals, replaced: 0, dryRun: true };
  }
  const at = deps.clock.now();
  const holders = await deps.db.transaction(async (tx) => {
    // The proxy first, then its rentals: the order purchases, extensions and replacements take
    // their locks in, so none of them can wait on this while it waits on them.
    await setProxyEnabled(tx, id, false);
    const rows = await holdingRentalsOf(tx, id, true);
    for (const rental of rows.filter((row) => row.status === RENTAL_STATUS.connected)) {
      await markRentalUnavailable(tx, rental.id, at);
      if (!options.replace) await queueDisabledNotice(tx, rental, at);
    }
    await recordAudit(tx, {
      actor,
      action: 'proxies.disable',
      details: { id, affectedRentals: rows.length, replace: options.replace ?? false },
      at,
    });
    return rows;
  });
  let replaced = 0;
  if (options.replace) {
    for (const rental of holders.filter((row) => row.status === RENTAL_STATUS.connected)) {
      if (await replaceForOperator(deps, rental.id, actor)) {
        replaced += 1;
        continue;
      }
      const current = await findRental(deps.db, rental.id);
      if (current?.proxyId === id) await queueDisabledNotice(deps.db, current, at);
    }
  }
  return { enabled: false, affectedRentals: holders.length, replaced, dryRun: false };
}
