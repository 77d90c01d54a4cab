import { RENTAL_STATUS } from '@portal/contract';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { proxies, rentals } from '../db/schema';
import type { LifecycleDeps } from './lifecycle-jobs';
import { carryingTraffic } from '../rentals/rental-activity';
import { upstreamsOf } from './upstreams';

const BATCH = 50;
const LEASE_MS = 60_000;

/**
 * Re-checks the upstream of every connected rental once per `healthCheckMs` and records when it
 * was first found unavailable: the refund rule reads that, so a proxy that
 * failed and recovered before the customer asked is still refundable. A failed check of a rental
 * whose proxy is carrying its traffic (rental-activity.ts) is not recorded.
 */
export async function checkConnected(deps: LifecycleDeps): Promise<{ checked: number; unavailable: number }> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - deps.healthCheckMs);
  const due = and(
    eq(rentals.status, RENTAL_STATUS.connected),
    or(isNull(rentals.checkLeaseUntil), lt(rentals.checkLeaseUntil, now)),
    or(isNull(proxies.lastCheckedAt), lt(proxies.lastCheckedAt, staleBefore)),
  );
  const claim = deps.db
    .select({ id: rentals.id })
    .from(rentals)
    .innerJoin(proxies, eq(proxies.id, rentals.proxyId))
    .where(due)
    .orderBy(asc(rentals.id))
    .limit(BATCH)
    .for('update', { of: rentals, skipLocked: true });
  const claimed = await deps.db
    .update(rentals)
    .set({ checkLeaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(inArray(rentals.id, claim), eq(rentals.status, RENTAL_STATUS.connected)))
    .returning({ id: rentals.id, username: rentals.username, proxyId: rentals.proxyId });
  if (claimed.length === 0) return { checked: 0, unavailable: 0 };

  const upstreams = await upstreamsOf(deps.db, claimed);
  const results = await Promise.all(
    claimed.map((rental) =>
      deps.provisioner.check({
        rentalId: rental.id,
        username: rental.username,
        upstream: upstreams.get(rental.proxyId) ?? '',
      }),
    ),
  );
  // Read after the checks: an upstream that takes few clients at a time fails a check while its
  // renter holds them all, so a failure of a rental carrying traffic says nothing of the proxy.
  const carrying = await carryingTraffic(
    deps.db,
    claimed.map((rental) => rental.id),
    deps.clock.now(),
  );
  let unavailable = 0;
  await Promise.all(
    claimed.map(async (rental, index) => {
      const result = results[index]!;
      const at = deps.clock.now();
      // Not run (the proxy's node is out of touch with the API): nothing is known of the proxy.
      if (result.unrun) {
        await deps.db.update(rentals).set({ checkLeaseUntil: null }).where(eq(rentals.id, rental.id));
        return;
      }
      if (!result.ok && carrying.has(rental.id)) {
        await deps.db.update(proxies).set({ lastCheckedAt: at }).where(eq(proxies.id, rental.proxyId));
        await deps.db.update(rentals).set({ checkLeaseUntil: null }).where(eq(rentals.id, rental.id));
        return;
      }
      await deps.db
        .update(proxies)
        .set(
          result.ok
            ? { lastCheckedAt: at, failingSince: null }
            : { lastCheckedAt: at, lastUnavailableAt: at, failingSince: sql`coalesce(${proxies.failingSince}, ${at})` },
        )
        .where(eq(proxies.id, rental.proxyId));
      await deps.db
        .update(rentals)
        .set(
          result.ok
            ? { checkLeaseUntil: null }
            : { checkLeaseUntil: null, unavailableAt: sql`coalesce(${rentals.unavailableAt}, ${at})` },
        )
        .where(eq(rentals.id, rental.id));
      if (!result.ok) unavailable += 1;
    }),
  );
  return { checked: claimed.length, unavailable };
}
