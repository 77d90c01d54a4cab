import { HOUR_MS } from '@portal/contract';
import { bumpCatalogue } from '../catalogue/catalogue-service';
import { upstreamsOf } from '../inventory/inventory-service';
import {
  claimWaiting,
  connectWaiting,
  dueForRenewal,
  endConnected,
  expireEnded,
  releaseCheckLease,
} from '../rentals/rental-lifecycle-service';
import { autoRefundWaiting, autoRenewRental } from '../rentals/rentals-service';
import { replaceFailing } from '../replacements/replacement-service';
import { checkConnected } from './health-check';
import type { LifecycleDeps } from './lifecycle-deps';

const BATCH = 500;
const PROVISION_BATCH = 50;
/** How long a process owns its claim on a rental check before another may take it over. */
const CHECK_LEASE_MS = 60_000;

/**
 * connected -> ready at end_time; the proxy stays held for the grace period. Rows another
 * transaction holds (an extension under way) are skipped and left for the next round.
 */
export async function markEnded(deps: LifecycleDeps): Promise<number> {
  return endConnected(deps.db, deps.clock.now(), BATCH);
}

/** ready -> expired after the grace period; the proxies return to the catalogue. */
export async function expireReady(deps: LifecycleDeps): Promise<number> {
  const now = deps.clock.now();
  const graceOver = new Date(now.getTime() - deps.graceMs);
  return deps.db.transaction(async (tx) => {
    const expired = await expireEnded(tx, graceOver, now, BATCH);
    if (expired > 0) await bumpCatalogue(tx);
    return expired;
  });
}

/**
 * waiting_up -> connected when the provisioner's check passes; refunded once the deadline has
 * passed without success. Rentals are claimed with a lease (FOR UPDATE SKIP LOCKED), and the
 * checks run outside any transaction, since they may wait on the network.
 */
export async function provisionWaiting(deps: LifecycleDeps): Promise<{ connected: number; refunded: number }> {
  const now = deps.clock.now();
  const claimed = await claimWaiting(deps.db, now, new Date(now.getTime() + CHECK_LEASE_MS), PROVISION_BATCH);
  if (claimed.length === 0) return { connected: 0, refunded: 0 };

  const upstreams = await upstreamsOf(deps.db, claimed);
  let connected = 0;
  let refunded = 0;
  await Promise.all(
    claimed.map(async (rental) => {
      const upstream = upstreams.get(rental.proxyId) ?? '';
      const result = await deps.provisioner.check({ rentalId: rental.id, username: rental.username, upstream });
      const at = deps.clock.now();
      if (result.ok) {
        // Time runs from the moment access works: provisioning is not taken from the customer.
        if (await connectWaiting(deps.db, rental.id, at, new Date(at.getTime() + rental.hours * HOUR_MS))) {
          connected += 1;
        }
        return;
      }
      if (at.getTime() - rental.createdAt.getTime() >= deps.provisioningDeadlineMs) {
        if (await autoRefundWaiting(deps, rental.id, rental.userId)) refunded += 1;
        return;
      }
      // Not up yet: release the claim so the next round checks again.
      await releaseCheckLease(deps.db, rental.id);
    }),
  );
  return { connected, refunded };
}

/** Renewals start this long before end_time, so access never lapses between jobs. */
export const RENEW_LEAD_MS = 60_000;

/** Renews connected rentals with auto-renew whose end is near; each renewal is its own transaction. */
export async function renewDue(deps: LifecycleDeps): Promise<{ renewed: number; renewFailed: number }> {
  const dueBefore = new Date(deps.clock.now().getTime() + RENEW_LEAD_MS);
  const due = await dueForRenewal(deps.db, dueBefore, BATCH);
  let renewed = 0;
  let renewFailed = 0;
  for (const { id } of due) {
    const result = await autoRenewRental(deps, id, dueBefore);
    if (result === 'renewed') renewed += 1;
    if (result === 'failed') renewFailed += 1;
  }
  return { renewed, renewFailed };
}

/**
 * One round of every step. A stopping process (`signal` aborted) ends the round between steps:
 * each step's writes are complete transactions, and what is left is due again next round, in
 * this process after a restart or in another.
 */
export async function runLifecycleOnce(deps: LifecycleDeps, signal?: AbortSignal) {
  const result = {
    connected: 0,
    refunded: 0,
    checked: 0,
    unavailable: 0,
    notRun: 0,
    renewed: 0,
    renewFailed: 0,
    ended: 0,
    expired: 0,
    replaced: 0,
  };
  const steps = [
    async () => Object.assign(result, await provisionWaiting(deps)),
    async () => Object.assign(result, await checkConnected(deps)),
    // After the checks, which set how long each proxy has been failing.
    async () => {
      if (deps.replacement) {
        const { autoAfterMs, perDay, autoPerDay } = deps.replacement;
        result.replaced = (await replaceFailing({ ...deps, afterMs: autoAfterMs, perDay, autoPerDay })).replaced;
      }
    },
    // Before markEnded: a rental renewed here never turns `ready`.
    async () => Object.assign(result, await renewDue(deps)),
    async () => (result.ended = await markEnded(deps)),
    async () => (result.expired = await expireReady(deps)),
  ];
  for (const step of steps) {
    if (signal?.aborted) break;
    await step();
  }
  return result;
}
