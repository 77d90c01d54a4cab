import type { LifecycleDeps } from './lifecycle-deps';
import { markProxyChecked, recordProxyCheck, upstreamsOf } from '../inventory/inventory-service';
import { carryingTraffic } from '../rentals/rental-activity';
import { claimForHealthCheck, recordRentalCheck, releaseCheckLease } from '../rentals/rental-lifecycle-service';

const BATCH = 50;
const LEASE_MS = 60_000;

/**
 * Re-checks the upstream of every connected rental once per `healthCheckMs` and records when it
 * was first found unavailable: the refund rule reads that, so a proxy that
 * failed and recovered before the customer asked is still refundable. A failed check of a rental
 * whose proxy is carrying its traffic (rental-activity.ts) is not recorded.
 */
export async function checkConnected(
  deps: LifecycleDeps,
): Promise<{ checked: number; unavailable: number; notRun: number }> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - deps.healthCheckMs);
  const claimed = await claimForHealthCheck(deps.db, now, staleBefore, new Date(now.getTime() + LEASE_MS), BATCH);
  if (claimed.length === 0) return { checked: 0, unavailable: 0, notRun: 0 };

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
  // Counted so that the round's log line shows it: checks that keep not running (an offline node,
  // a check target the shop cannot reach) would otherwise go unseen.
  let notRun = 0;
  await Promise.all(
    claimed.map(async (rental, index) => {
      const result = results[index]!;
      const at = deps.clock.now();
      // Not run (the proxy's node is out of touch with the API, or the check target does not answer
      // the shop either): nothing is known of the proxy.
      if (result.unrun) {
        notRun += 1;
        await releaseCheckLease(deps.db, rental.id);
        return;
      }
      if (!result.ok && carrying.has(rental.id)) {
        await markProxyChecked(deps.db, rental.proxyId, at);
        await releaseCheckLease(deps.db, rental.id);
        return;
      }
      await recordProxyCheck(deps.db, rental.proxyId, result.ok, at);
      await recordRentalCheck(deps.db, rental.id, result.ok, at);
      if (!result.ok) unavailable += 1;
    }),
  );
  return { checked: claimed.length, unavailable, notRun };
}
