import { RENTAL_STATUS } from '@portal/contract';
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { bumpCatalogue } from '../catalogue/catalogue-state';
import { proxies, rentals } from '../db/schema';
import { autoRefundWaiting, type RentalsDeps } from '../rentals/rentals-service';

export interface LifecycleDeps extends RentalsDeps {
  graceMs: number;
  provisioningDeadlineMs: number;
}

const BATCH = 500;
const PROVISION_BATCH = 50;
/** How long a process owns its claim on a rental check before another may take it over. */
const CHECK_LEASE_MS = 60_000;

/**
 * connected -> ready at end_time. Rows another transaction holds (an extension under way) are
 * skipped, and the update repeats the condition, so an extension is never overwritten.
 */
export async function markEnded(deps: LifecycleDeps): Promise<number> {
  const now = deps.clock.now();
  const due = and(eq(rentals.status, RENTAL_STATUS.connected), lte(rentals.endTime, now));
  const claim = deps.db
    .select({ id: rentals.id })
    .from(rentals)
    .where(due)
    .orderBy(asc(rentals.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await deps.db
    .update(rentals)
    .set({ status: RENTAL_STATUS.ready })
    .where(and(inArray(rentals.id, claim), due))
    .returning({ id: rentals.id });
  return rows.length;
}

/** ready -> expired after the grace period; the proxies return to the catalogue. */
export async function expireReady(deps: LifecycleDeps): Promise<number> {
  const now = deps.clock.now();
  const due = and(
    eq(rentals.status, RENTAL_STATUS.ready),
    lte(rentals.endTime, new Date(now.getTime() - deps.graceMs)),
  );
  return deps.db.transaction(async (tx) => {
    const claim = tx
      .select({ id: rentals.id })
      .from(rentals)
      .where(due)
      .orderBy(asc(rentals.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(rentals)
      .set({ status: RENTAL_STATUS.expired, endedAt: now })
      .where(and(inArray(rentals.id, claim), due))
      .returning({ id: rentals.id });
    if (rows.length > 0) await bumpCatalogue(tx);
    return rows.length;
  });
}

/**
 * waiting_up -> connected when the provisioner's check passes; refunded once the deadline has
 * passed without success. Rentals are claimed with a lease (FOR UPDATE SKIP LOCKED), and the
 * checks run outside any transaction, since they may wait on the network.
 */
export async function provisionWaiting(deps: LifecycleDeps): Promise<{ connected: number; refunded: number }> {
  const now = deps.clock.now();
  const waiting = and(
    eq(rentals.status, RENTAL_STATUS.waitingUp),
    or(isNull(rentals.checkLeaseUntil), lt(rentals.checkLeaseUntil, now)),
  );
  const claim = deps.db
    .select({ id: rentals.id })
    .from(rentals)
    .where(waiting)
    .orderBy(asc(rentals.id))
    .limit(PROVISION_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(rentals)
    .set({ checkLeaseUntil: new Date(now.getTime() + CHECK_LEASE_MS) })
    .where(and(inArray(rentals.id, claim), waiting))
    .returning({
      id: rentals.id,
      userId: rentals.userId,
      username: rentals.username,
      hours: rentals.hours,
      createdAt: rentals.createdAt,
      proxyId: rentals.proxyId,
    });
  if (claimed.length === 0) return { connected: 0, refunded: 0 };

  const upstreams = new Map(
    (
      await deps.db
        .select({ id: proxies.id, upstream: proxies.upstream })
        .from(proxies)
        .where(
          inArray(
            proxies.id,
            claimed.map((r) => r.proxyId),
          ),
        )
    ).map((p) => [p.id, p.upstream]),
  );
  let connected = 0;
  let refunded = 0;
  await Promise.all(
    claimed.map(async (rental) => {
      const upstream = upstreams.get(rental.proxyId) ?? '';
      const result = await deps.provisioner.check({ rentalId: rental.id, username: rental.username, upstream });
      const at = deps.clock.now();
      if (result.ok) {
        // Time runs from the moment access works: provisioning is not taken from the customer.
        const updated = await deps.db
          .update(rentals)
          .set({
            status: RENTAL_STATUS.connected,
            connectedAt: at,
            endTime: new Date(at.getTime() + rental.hours * 3_600_000),
            checkLeaseUntil: null,
          })
          .where(and(eq(rentals.id, rental.id), eq(rentals.status, RENTAL_STATUS.waitingUp)))
          .returning({ id: rentals.id });
        connected += updated.length;
        return;
      }
      if (at.getTime() - rental.createdAt.getTime() >= deps.provisioningDeadlineMs) {
        if (await autoRefundWaiting(deps, rental.id, rental.userId)) refunded += 1;
        return;
      }
      // Not up yet: release the claim so the next round checks again.
      await deps.db.update(rentals).set({ checkLeaseUntil: null }).where(eq(rentals.id, rental.id));
    }),
  );
  return { connected, refunded };
}

export async function runLifecycleOnce(deps: LifecycleDeps) {
  const provisioned = await provisionWaiting(deps);
  const ended = await markEnded(deps);
  const expired = await expireReady(deps);
  return { ...provisioned, ended, expired };
}
