import type { Queryable } from '../db/client';
import { queueNotice, rentalLabel } from './notice-queue';
import { findProxy, type ProxyRow } from '../inventory/inventory-service';
import type { RentalRow } from './notices-repository';
import type { RenewFailureCause } from './notice-events';

/** Auto-renew done, in the renewal's transaction: one notice per renewed period (keyed by the old end). */
export async function queueRenewed(
  tx: Queryable,
  input: { before: RentalRow; after: RentalRow; proxy: ProxyRow; priceCents: number; at: Date },
): Promise<void> {
  await queueNotice(
    tx,
    input.before.userId,
    {
      kind: 'auto_renewed',
      rentalId: input.before.id,
      endTime: input.after.endTime.toISOString(),
      label: rentalLabel(input.proxy, input.before.note),
      amountCents: input.priceCents,
    },
    { at: input.at, key: `auto_renewed:${input.before.id}:${input.before.endTime.getTime()}` },
  );
}

/**
 * Auto-renew not paid (or the proxy withdrawn): renewal is retried every round until the rental
 * ends, and the notice goes once per end time.
 */
export async function queueRenewalFailed(
  tx: Queryable,
  rental: RentalRow,
  failure: { reason: string; cause: RenewFailureCause },
  at: Date,
): Promise<void> {
  const proxy = await findProxy(tx, rental.proxyId);
  if (!proxy) return;
  await queueNotice(
    tx,
    rental.userId,
    {
      kind: 'renew_failed',
      rentalId: rental.id,
      endTime: rental.endTime.toISOString(),
      label: rentalLabel(proxy, rental.note),
      ...failure,
    },
    { at },
  );
}
