import {
  AUTO_REPLACE_REASON,
  DEFAULT_AUTO_REPLACEMENTS_PER_RENTAL_DAY,
  DISABLE_REPLACE_REASON,
  RENTAL_STATUS,
  type ReplacementCandidate,
} from '@portal/contract';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/audit-service';
import { bumpCatalogue } from '../catalogue/catalogue-service';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { DomainError } from '../errors';
import { queueNotice } from '../notices/notices-service';
import { delistUnhealthy, lockProxy, recordProxyCheck } from '../inventory/inventory-service';
import {
  carriedTrafficDuringCheck,
  findLatestRental,
  findRental,
  isCarryingTraffic,
  lockRental,
  markRentalUnavailable,
  moveRentalToProxy,
  type Provisioner,
  type ProxyRow,
  type RentalRow,
  UNRUN_ERROR,
} from '../rentals/rentals-service';
import { dueForAutoReplacement, insertReplacement, pickCandidate, replacementsToday } from './replacement-repository';

export { listReplacements } from './replacement-repository';

export interface ReplaceDeps {
  db: Database;
  clock: Clock;
  provisioner: Provisioner;
  /** REPLACEMENTS_PER_RENTAL_DAY: customer replacements of one rental in any 24 hours. */
  perDay: number;
  /** AUTO_REPLACEMENTS_PER_RENTAL_DAY: automatic replacements of one rental in any 24 hours. */
  autoPerDay?: number;
}

/** What a replacement did: enough for a notice (rental id, new exit IP) to be queued from it. */
export interface Replaced {
  replacementId: number;
  userId: number;
  rentalId: number;
  oldProxyId: number;
  proxyId: number;
  exitIp: string;
  country: string;
  reason: string | null;
  automatic: boolean;
  at: Date;
  /** An automatic replacement that used the rental's last one for the day (AUTO_REPLACEMENTS_PER_RENTAL_DAY). */
  capReached: boolean;
}

export interface ReplaceRequest {
  /** A customer's call names their proxy; the job names the rental. */
  target: { userId: number; proxyId: number } | { rentalId: number };
  reason?: string | null;
  automatic?: boolean;
}

/**
 * A proxy fails its health checks when its latest check failed (`failing_since` is set by every
 * failed check and cleared by a passing one), when discovery took it out as `unhealthy`, or when
 * the operator disabled it (the gateway refuses its rentals then).
 */
export function isFailing(proxy: ProxyRow): boolean {
  return proxy.failingSince !== null || proxy.discovery === 'unhealthy' || !proxy.enabled;
}

/**
 * The refusals a customer's request meets, in this order: not theirs (404), not connected, the
 * daily limit, a healthy proxy (one carrying the rental's traffic, or whose recorded check passed
 * and a live one confirms it, since the customer may see a failure the last check did not),
 * nothing comparable free.
 */
async function eligible(
  deps: ReplaceDeps,
  userId: number,
  proxyId: number,
  /** Only the move itself records what its live check found; looking at the candidate writes nothing. */
  record = false,
): Promise<{ rental: RentalRow; proxy: ProxyRow; candidate: ProxyRow; left: number }> {
  const found = await findLatestRental(deps.db, userId, proxyId);
  if (!found) throw new DomainError('RENTAL_NOT_FOUND');
  const { rental, proxy } = found;
  if (rental.status !== RENTAL_STATUS.connected) throw new DomainError('RENTAL_NOT_CONNECTED');
  const used = await replacementsToday(deps.db, rental.id, deps.clock.now());
  if (used >= deps.perDay) throw new DomainError('REPLACEMENT_LIMIT_REACHED');
  // Before any check: one the customer's own load can fail says nothing while their bytes flow.
  // A disabled proxy carries nothing (the gateway cut it): what it carried before does not count.
  if (proxy.enabled && (await isCarryingTraffic(deps.db, rental.id, deps.clock.now()))) {
    throw new DomainError('PROXY_STILL_HEALTHY');
  }
  if (!isFailing(proxy)) {
    const live = await deps.provisioner.check({
      rentalId: rental.id,
      username: rental.username,
      upstream: proxy.upstream,
    });
    if (live.unrun) throw new DomainError(UNRUN_ERROR[live.unrun]);
    if (live.ok) throw new DomainError('PROXY_STILL_HEALTHY');
    // Tunnels the customer opened while the check ran may be what made it fail.
    if (proxy.enabled && (await carriedTrafficDuringCheck(deps.db, rental.id, () => deps.clock.now()))) {
      throw new DomainError('PROXY_STILL_HEALTHY');
    }
    if (record) {
      // Recorded as the health checker records a failed look, so the refund rule sees it too.
      const at = deps.clock.now();
      await recordProxyCheck(deps.db, rental.proxyId, false, at);
      await markRentalUnavailable(deps.db, rental.id, at);
    }
  }
  const candidate = await pickCandidate(deps.db, proxy, false);
  if (!candidate) throw new DomainError('NO_REPLACEMENT_AVAILABLE');
  return { rental, proxy, candidate, left: deps.perDay - used };
}

export function candidateView(proxy: ProxyRow): ReplacementCandidate {
  return {
    id: proxy.id,
    ip: proxy.exitIp ?? proxy.ip,
    country: proxy.country,
    region: proxy.region,
    city: proxy.city,
    ISP: proxy.isp,
    type: proxy.type,
    protocol: proxy.protocol,
    ipqualityscore: proxy.fraudScore,
  };
}

/** What `GET /api/proxy/replace` answers: the candidate, taken by nobody. */
export async function replacementCandidate(deps: ReplaceDeps, userId: number, proxyId: number) {
  const { candidate, left } = await eligible(deps, userId, proxyId);
  return { candidate: candidateView(candidate), remainingToday: left };
}

/**
 * Moves a connected rental from its failing proxy to a healthy free one, in one transaction:
 * the rental keeps its id and so its credentials, ports, IP authorization, note, auto-renew,
 * usage and end time; only `proxy_id` changes, which the rentals trigger announces to every
 * gateway process (they close what is open and use the new upstream). The old proxy leaves the
 * catalogue as `unhealthy` until a re-check passes. Nothing is charged or refunded, so the
 * ledger is not touched. Answers null when a job's rental is no longer due (moved on meanwhile).
 */
export async function replaceRental(deps: ReplaceDeps, request: ReplaceRequest): Promise<Replaced | null> {
  const automatic = request.automatic ?? false;
  const reason = request.reason ?? (automatic ? AUTO_REPLACE_REASON : null);
  let rentalId: number;
  let expectedProxyId: number | null = null;
  if ('userId' in request.target) {
    // Refusals before the transaction: the live check may wait on the network for seconds.
    const { rental } = await eligible(deps, request.target.userId, request.target.proxyId, true);
    rentalId = rental.id;
    expectedProxyId = request.target.proxyId;
  } else {
    rentalId = request.target.rentalId;
  }

  const replaced = await moveInTransaction(deps, rentalId, expectedProxyId, automatic, reason).catch(
    (error: unknown) => {
      // A purchase took the candidate between the pick and the move: the holders' index refused it.
      if (!isUniqueViolation(error)) throw error;
      if (automatic) return null;
      throw new DomainError('NO_REPLACEMENT_AVAILABLE');
    },
  );
  return replaced;
}

/**
 * The operator's "disable and replace": the move the automatic replacement makes (free, outside
 * the customer's daily limit, null when nothing comparable is free), audited as the operator's.
 */
export async function replaceForOperator(
  deps: Pick<ReplaceDeps, 'db' | 'clock'>,
  rentalId: number,
  actor: AuditActor,
): Promise<Replaced | null> {
  // The operator's move is no automatic replacement: the daily cap of those does not stop it.
  const unlimited = { ...deps, perDay: 0, autoPerDay: Number.POSITIVE_INFINITY };
  return moveInTransaction(unlimited, rentalId, null, true, DISABLE_REPLACE_REASON, actor).catch((error: unknown) => {
    if (isUniqueViolation(error)) return null;
    throw error;
  });
}

async function moveInTransaction(
  deps: Pick<ReplaceDeps, 'db' | 'clock' | 'perDay' | 'autoPerDay'>,
  rentalId: number,
  expectedProxyId: number | null,
  automatic: boolean,
  reason: string | null,
  actor?: AuditActor,
): Promise<Replaced | null> {
  return deps.db.transaction(async (tx): Promise<Replaced | null> => {
    // The proxy's lock before the rental's, the order a purchase, an extension, a renewal and the
    // operator's disable take them in: taken the other way, a move and an extension of the same
    // rental could each wait on the other until PostgreSQL aborted one.
    const seen = await findRental(tx, rentalId);
    if (seen) await lockProxy(tx, seen.proxyId);
    const rental = await lockRental(tx, rentalId);
    const now = deps.clock.now();
    // Another replacement, an expiry or a refund got there first.
    if (!rental || rental.status !== RENTAL_STATUS.connected) {
      if (automatic) return null;
      throw new DomainError(rental ? 'RENTAL_NOT_CONNECTED' : 'RENTAL_NOT_FOUND');
    }
    // Moved by another replacement since it was read: the proxy locked above is no longer its own.
    if (rental.proxyId !== seen?.proxyId) {
      if (automatic) return null;
      throw new DomainError('RENTAL_NOT_FOUND');
    }
    if (expectedProxyId !== null && rental.proxyId !== expectedProxyId) throw new DomainError('RENTAL_NOT_FOUND');
    if (!automatic && (await replacementsToday(tx, rental.id, now)) >= deps.perDay) {
      throw new DomainError('REPLACEMENT_LIMIT_REACHED');
    }
    const autoPerDay = deps.autoPerDay ?? DEFAULT_AUTO_REPLACEMENTS_PER_RENTAL_DAY;
    const autoUsed = automatic ? await replacementsToday(tx, rental.id, now, true) : 0;
    if (automatic && autoUsed >= autoPerDay) return null;
    const old = await lockProxy(tx, rental.proxyId);
    if (!old) throw new Error(`rental ${rental.id} has no proxy`);
    if (old.enabled && (await isCarryingTraffic(tx, rental.id, now))) {
      if (automatic) return null;
      throw new DomainError('PROXY_STILL_HEALTHY');
    }
    if (!isFailing(old)) {
      if (automatic) return null;
      throw new DomainError('PROXY_STILL_HEALTHY');
    }
    const fresh = await pickCandidate(tx, old, true);
    if (!fresh) {
      if (automatic) return null;
      throw new DomainError('NO_REPLACEMENT_AVAILABLE');
    }
    await moveRentalToProxy(tx, rental.id, fresh.id);
    if (old.discovery === 'listed') await delistUnhealthy(tx, old.id);
    const replacementId = await insertReplacement(tx, rental, old, fresh.id, { reason, automatic, at: now });
    await bumpCatalogue(tx);
    const result: Replaced = {
      replacementId,
      userId: rental.userId,
      rentalId: rental.id,
      oldProxyId: old.id,
      proxyId: fresh.id,
      exitIp: fresh.exitIp ?? fresh.ip,
      country: fresh.country,
      reason,
      automatic,
      at: now,
      capReached: automatic && autoUsed + 1 >= autoPerDay,
    };
    await recordAudit(tx, {
      actor: actor ?? (automatic ? SYSTEM_ACTOR : `customer:${rental.userId}`),
      action: 'proxy.replace',
      details: {
        rentalId: result.rentalId,
        userId: result.userId,
        oldProxyId: result.oldProxyId,
        newProxyId: result.proxyId,
        reason,
        automatic,
        ...(result.capReached ? { autoCapReached: true } : {}),
      },
      at: now,
    });
    // Queued with the move itself: the customer is told exactly when the move commits, and a
    // process killed right after the commit cannot lose the notice.
    await queueNotice(
      tx,
      result.userId,
      { kind: 'proxy_replaced', rentalId: result.rentalId, proxyId: result.proxyId, newExitIp: result.exitIp },
      // A rental may come back to a proxy it had before: each move is its own event.
      { at: now, key: `proxy_replaced:${result.rentalId}:${result.proxyId}:${now.getTime()}` },
    );
    return result;
  });
}

/**
 * The automatic replacement (AUTO_REPLACE_MINUTES): connected rentals whose proxy has failed
 * every check for at least `afterMs`, each moved in a transaction of its own. A rental with
 * nothing comparable free stays and is tried again next round; the refund rule still applies.
 * Not a rental whose proxy carries its traffic, nor one that had its automatic replacements for
 * the day (AUTO_REPLACEMENTS_PER_RENTAL_DAY): the operator sees those in the console.
 */
export async function replaceFailing(deps: ReplaceDeps & { afterMs: number }): Promise<{ replaced: number }> {
  if (deps.afterMs <= 0) return { replaced: 0 };
  const now = deps.clock.now();
  const failingBefore = new Date(now.getTime() - deps.afterMs);
  const autoPerDay = deps.autoPerDay ?? DEFAULT_AUTO_REPLACEMENTS_PER_RENTAL_DAY;
  const due = await dueForAutoReplacement(deps.db, now, failingBefore, autoPerDay);
  let replaced = 0;
  for (const { id } of due) {
    const done = await replaceRental(deps, { target: { rentalId: id }, automatic: true });
    if (done) replaced += 1;
  }
  return { replaced };
}
