import { HOUR_MS } from '../common/time';
import { REFUND_REQUEST_WINDOW_HOURS, REFUND_UNAVAILABLE_WINDOW_HOURS } from '../constants';

const at = (time: Date | string | number) => (time instanceof Date ? time.getTime() : new Date(time).getTime());

/**
 * The terms' request window: a refund may be asked for within 5 hours of the purchase of the
 * rental (an extension does not open it again). The server refuses past it; the History page
 * offers Refund only within it.
 */
export function refundRequestOpen(purchasedAt: Date | string, now: Date | number): boolean {
  return at(now) <= at(purchasedAt) + REFUND_REQUEST_WINDOW_HOURS * HOUR_MS;
}

/** The proxy must have been found unavailable by then (2 hours after the purchase) to be refunded. */
export function refundUnavailableDeadline(purchasedAt: Date | string): number {
  return at(purchasedAt) + REFUND_UNAVAILABLE_WINDOW_HOURS * HOUR_MS;
}

/** How a rented proxy is doing, as its renter's history shows it. */
export const PROXY_STATES = ['working', 'failing', 'disabled'] as const;
export type ProxyState = (typeof PROXY_STATES)[number];

/**
 * When a rental qualifies for a refund by what is recorded (unavailable within 2 hours of the
 * purchase, no request made yet), the end of its request window; null otherwise. The server's
 * refund rule is the same, so the history can offer Refund only where it will be granted.
 */
export function refundUntil(rental: {
  connected: boolean;
  purchasedAt: Date;
  unavailableAt: Date | null;
  refundRequested: boolean;
}): Date | null {
  if (!rental.connected || rental.refundRequested || rental.unavailableAt === null) return null;
  if (rental.unavailableAt.getTime() > refundUnavailableDeadline(rental.purchasedAt)) return null;
  return new Date(at(rental.purchasedAt) + REFUND_REQUEST_WINDOW_HOURS * HOUR_MS);
}
