import {
  HOUR_MS,
  refundRequestOpen,
  refundUnavailableDeadline,
  RENTAL_STATUS,
  canExtend,
  type RentalStatus,
  formatCents,
  priceCents,
} from '@portal/contract';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { DomainError } from '../errors';
import { bumpCatalogue } from '../catalogue/catalogue-service';
import { lockProxy } from '../inventory/inventory-service';
import { lockBalance, postEntry } from '../ledger/ledger-service';
import { randomToken, readableCode } from '../lib/secrets';
import { queueRenewalFailed, queueRenewed, type RenewFailureCause } from '../notices/notices-service';
import { UNRUN_ERROR, type Provisioner, type UnrunCause } from './provisioner';
import { carriedTrafficDuringCheck, isCarryingTraffic } from './rental-activity';
import {
  findLatestRental,
  findRental,
  insertOrder,
  insertRental,
  lastPeriodHours,
  lockHoldingRental,
  lockLatestRental,
  lockRental,
  paidForRental,
  setAutoRenewOfHeld,
  updateRental,
  type RentalRow,
} from './rentals-repository';

/**
 * What the replacement service reads, locks and changes of a rental: the same row locks a
 * purchase or a refund takes, so a replacement and either of them settle one after the other.
 */
export {
  findLatestRental,
  findRental,
  holdingRentalsOf,
  lockRental,
  markRentalUnavailable,
  moveRentalToProxy,
  type ProxyRow,
  type RentalRow,
} from './rentals-repository';
/** The operator's customer detail lists the customer's newest rentals. */
export { rentalsWithAddressOf } from './rentals-repository';
/** A proxy moved to another node: every process shows its rentals' new address. */
export { notifyProxyHistory } from './rentals-repository';
/** The check run before access is handed over, and what a rental's gateway address is. */
export type { Provisioner } from './provisioner';
export { UNRUN_ERROR } from './provisioner';
export type { GatewayAddress } from './rentals-views';
/** A replacement answers with the rental's new connection line, as the rental's screen shows it. */
export { latestProxyLine } from './proxy-controls';
/** A replacement asks whether the old proxy was carrying traffic, as the health check does. */
export { carriedTrafficDuringCheck, isCarryingTraffic } from './rental-activity';

export interface RentalsDeps {
  db: Database;
  clock: Clock;
  provisioner: Provisioner;
}

const addHours = (date: Date, hours: number) => new Date(date.getTime() + hours * HOUR_MS);

export interface BuyResult {
  kind: 'purchase' | 'extension';
  walletCents: number;
  chargedCents: number;
  rental: RentalRow;
}

function insufficient(priceCentsValue: number, balanceCents: number): DomainError {
  return new DomainError('INSUFFICIENT_BALANCE', {
    message: `Insufficient balance: this costs ${formatCents(priceCentsValue)} and your wallet has ${formatCents(balanceCents)}`,
  });
}

/**
 * Buys a proxy, or extends the caller's own rental of it (clients extend through the buy call), in
 * one transaction: lock the user, then the proxy, then its rental; check; debit; record.
 */
export async function buyOrExtend(
  deps: RentalsDeps,
  userId: number,
  proxyId: number,
  hours: number,
): Promise<BuyResult> {
  try {
    return await deps.db.transaction(async (tx) => {
      const balance = await lockBalance(tx, userId);
      const proxy = await lockProxy(tx, proxyId);
      if (!proxy) throw new DomainError('PROXY_NOT_FOUND');
      const holder = await lockHoldingRental(tx, proxyId);
      if (holder && holder.userId !== userId) throw new DomainError('PROXY_ALREADY_RENTED');
      // A proxy being discovered, or out after failed checks, is not for sale; its holder may extend.
      if (!proxy.enabled || (!holder && proxy.discovery !== 'listed')) throw new DomainError('PROXY_UNAVAILABLE');
      const now = deps.clock.now();
      const price = priceCents(hours, proxy.fraudScore);
      if (price > balance) throw insufficient(price, balance);

      if (holder) {
        if (!canExtend(holder.status as RentalStatus)) throw new DomainError('RENTAL_NOT_EXTENDABLE');
        return extendHolder(tx, holder, hours, price, now);
      }

      const rental = await insertRental(tx, {
        userId,
        proxyId,
        status: RENTAL_STATUS.waitingUp,
        hours,
        username: `u${readableCode(11)}`,
        password: randomToken(12),
        createdAt: now,
        // Shown while the proxy comes up; set from the moment it connects (provisioning time is free).
        endTime: addHours(now, hours),
      });
      const order = await insertOrder(tx, {
        rentalId: rental.id,
        kind: 'purchase',
        hours,
        amountCents: price,
        createdAt: now,
      });
      const walletCents = await postEntry(tx, {
        userId,
        kind: 'purchase',
        amountCents: -price,
        orderId: order.id,
        rentalId: rental.id,
        at: now,
      });
      await bumpCatalogue(tx);
      return { kind: 'purchase' as const, walletCents, chargedCents: price, rental };
    });
  } catch (error) {
    // Two buyers can pass the checks only if the proxy row lock was skipped; the index decides.
    if (isUniqueViolation(error)) throw new DomainError('PROXY_ALREADY_RENTED');
    throw error;
  }
}

/** An extension inside the caller's transaction, which holds the user, proxy and rental locks. */
async function extendHolder(tx: Queryable, holder: RentalRow, hours: number, price: number, now: Date) {
  // A `ready` rental's time is over: the new hours count from now, and access works again.
  const from = holder.status === RENTAL_STATUS.ready ? now : holder.endTime;
  const extended = await updateRental(tx, holder.id, {
    hours: holder.hours + hours,
    endTime: addHours(from, hours),
    status: RENTAL_STATUS.connected,
    renewFailure: null,
    renewFailureCode: null,
  });
  const order = await insertOrder(tx, {
    rentalId: holder.id,
    kind: 'extension',
    hours,
    amountCents: price,
    createdAt: now,
  });
  const walletCents = await postEntry(tx, {
    userId: holder.userId,
    kind: 'extension',
    amountCents: -price,
    orderId: order.id,
    rentalId: holder.id,
    at: now,
  });
  return { kind: 'extension' as const, walletCents, chargedCents: price, rental: extended ?? holder };
}

/**
 * Renews a rental with auto-renew by its last period at today's price, if it is still
 * due once its locks are held: a process that comes second sees the new end_time and does
 * nothing, so no rental is renewed twice. Without enough money the reason is kept for the
 * history, and the rental ends as any other.
 */
export async function autoRenewRental(
  deps: RentalsDeps,
  rentalId: number,
  dueBefore: Date,
): Promise<'renewed' | 'not-due' | 'failed'> {
  const candidate = await findRental(deps.db, rentalId);
  if (!candidate) return 'not-due';
  try {
    return await deps.db.transaction(async (tx) => {
      const balance = await lockBalance(tx, candidate.userId);
      const proxy = await lockProxy(tx, candidate.proxyId);
      const holder = await lockHoldingRental(tx, candidate.proxyId);
      const due =
        holder?.id === rentalId &&
        holder.autoRenew &&
        holder.status === RENTAL_STATUS.connected &&
        holder.endTime.getTime() <= dueBefore.getTime();
      if (!holder || !due || !proxy) return 'not-due';
      if (!proxy.enabled) throw new RenewalFailed({ code: 'PROXY_UNAVAILABLE' });
      const hours = await lastPeriodHours(tx, rentalId);
      const price = priceCents(hours, proxy.fraudScore);
      if (price > balance)
        throw new RenewalFailed({ code: 'INSUFFICIENT_BALANCE', priceCents: price, balanceCents: balance });
      const { rental } = await extendHolder(tx, holder, hours, price, deps.clock.now());
      await queueRenewed(tx, { before: holder, after: rental, proxy, priceCents: price, at: deps.clock.now() });
      return 'renewed';
    });
  } catch (error) {
    const cause = renewalCause(error);
    if (!cause || !(error instanceof Error)) throw error;
    const { message } = error;
    await deps.db.transaction(async (tx) => {
      await updateRental(tx, rentalId, { renewFailure: message, renewFailureCode: cause.code });
      await queueRenewalFailed(tx, candidate, { reason: message, cause }, deps.clock.now());
    });
    return 'failed';
  }
}

/** What a failed renewal is told as: a refusal of its own, or any other refusal of the shop's. */
function renewalCause(error: unknown): RenewFailureCause | null {
  if (error instanceof RenewalFailed) return error.failure;
  if (error instanceof DomainError) return { code: error.code };
  return null;
}

/** A renewal refused, with its cause kept whole: the history and the notices say it in the customer's language. */
class RenewalFailed extends Error {
  constructor(readonly failure: RenewFailureCause) {
    super(
      failure.priceCents !== undefined
        ? insufficient(failure.priceCents, failure.balanceCents).message
        : new DomainError(failure.code).message,
    );
  }
}

/**
 * Turns auto-renew on or off for the caller's rentals that hold these proxies now: all of them or,
 * when one is not the caller's (or has ended), none, with the same 404 as a single unknown proxy.
 */
export async function setAutoRenew(
  deps: { db: Database },
  userId: number,
  proxyIds: readonly number[],
  enabled: boolean,
) {
  const wanted = [...new Set(proxyIds)];
  return deps.db.transaction(async (tx) => {
    const changed = await setAutoRenewOfHeld(tx, userId, wanted, enabled);
    // Throwing rolls the transaction back: a selection changes as a whole.
    if (changed.length < wanted.length) throw new DomainError('RENTAL_NOT_FOUND');
    return changed.length;
  });
}

/**
 * Gives back everything paid for a rental and frees the proxy. The caller's transaction holds
 * the user lock and the rental lock; the ledger's unique index makes a second refund impossible.
 */
export async function refundInTransaction(tx: Queryable, rental: RentalRow, at: Date, reason: string): Promise<number> {
  const paid = await paidForRental(tx, rental.id);
  await updateRental(tx, rental.id, { status: RENTAL_STATUS.refunded, endedAt: at });
  await bumpCatalogue(tx);
  if (paid === 0) return lockBalance(tx, rental.userId);
  return postEntry(tx, { userId: rental.userId, kind: 'refund', amountCents: paid, rentalId: rental.id, reason, at });
}

/** Refunds a rental still `waiting_up` (its upstream never came up); false if its state moved on. */
export async function autoRefundWaiting(deps: RentalsDeps, rentalId: number, userId: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const rental = await lockRental(tx, rentalId);
    if (rental?.status !== RENTAL_STATUS.waitingUp) return false;
    await refundInTransaction(tx, rental, deps.clock.now(), 'the proxy did not come up in time');
    return true;
  });
}

type RefundDecision = { refunded: true; walletCents: number } | { refunded: false; error: DomainError };

/**
 * A customer's refund request: own rental, connected, within 5 hours of
 * purchase, one request per rental, and unavailable within 2 hours of purchase. The request is
 * recorded even when the last rule refuses it, since the terms allow only one per proxy.
 */
export async function requestRefund(deps: RentalsDeps, userId: number, proxyId: number): Promise<number> {
  const liveFailure = await liveCheckFails(deps, userId, proxyId);
  const decision: RefundDecision = await deps.db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const rental = await lockLatestRental(tx, userId, proxyId);
    const now = deps.clock.now();
    if (!rental) throw new DomainError('RENTAL_NOT_FOUND');
    if (rental.refundRequestedAt) throw new DomainError('REFUND_ALREADY_REQUESTED');
    if (rental.status !== RENTAL_STATUS.connected) throw new DomainError('REFUND_NOT_CONNECTED');
    if (!refundRequestOpen(rental.createdAt, now)) throw new DomainError('REFUND_WINDOW_PASSED');
    const windowEnd = refundUnavailableDeadline(rental.createdAt);
    const recorded = rental.unavailableAt !== null && rental.unavailableAt.getTime() <= windowEnd;
    const liveCounts = now.getTime() <= windowEnd;
    // A live check that could not run (the proxy's node is offline, or the check target does not
    // answer the shop either) decides nothing: the one request the terms allow is not used up by it.
    // Nor does one skipped or set aside because the proxy carries the renter's traffic, while a
    // live check could still grant the request.
    if (typeof liveFailure === 'string' && !recorded && (liveFailure !== 'in_use' || liveCounts)) {
      throw new DomainError(UNDECIDED_ERROR[liveFailure]);
    }
    await updateRental(tx, rental.id, { refundRequestedAt: now });
    const live = liveFailure === true && liveCounts;
    if (!recorded && !live) return { refunded: false, error: new DomainError('REFUND_NOT_ELIGIBLE') };
    const walletCents = await refundInTransaction(tx, rental, now, 'refund requested: proxy unavailable');
    return { refunded: true, walletCents };
  });
  if (!decision.refunded) throw decision.error;
  return decision.walletCents;
}

/** Why a refund request was not decided, so does not count. */
const UNDECIDED_ERROR = { ...UNRUN_ERROR, in_use: 'REFUND_PROXY_IN_USE' } as const;

/**
 * Runs before the transaction: a live check may wait on the network for seconds. A cause: the
 * check could not be made (the proxy's node is offline, or the check target is down), or a failed
 * check would prove nothing (`in_use`: the proxy carries the renter's traffic).
 */
async function liveCheckFails(
  deps: RentalsDeps,
  userId: number,
  proxyId: number,
): Promise<boolean | UnrunCause | 'in_use'> {
  const found = await findLatestRental(deps.db, userId, proxyId);
  // Requests the transaction will refuse anyway need no network check.
  if (found?.rental.status !== RENTAL_STATUS.connected || found.rental.refundRequestedAt) return false;
  const { rental, proxy } = found;
  // A check the customer's own load can fail is no proof while the proxy carries their bytes.
  if (proxy.enabled && (await isCarryingTraffic(deps.db, rental.id, deps.clock.now()))) return 'in_use';
  const result = await deps.provisioner.check({
    rentalId: rental.id,
    username: rental.username,
    upstream: proxy.upstream,
  });
  if (result.unrun) return result.unrun;
  if (result.ok) return false;
  // Tunnels opened while the check ran may be what made it fail.
  return proxy.enabled && (await carriedTrafficDuringCheck(deps.db, rental.id, () => deps.clock.now()))
    ? 'in_use'
    : true;
}
