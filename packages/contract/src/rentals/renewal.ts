import { DAY_MS } from '../common/time';
import { priceCents } from '../price';
import { RENTAL_STATUS } from '../statuses';

/** What an automatic renewal needs to know of a rental (a history row has it). */
export interface RenewingRental {
  status: string;
  auto_renew: boolean;
  renew_hours: number;
  ipqualityscore: number;
  end_time: string;
}

/** How far ahead customers are warned that a renewal cannot be paid. */
export const RENEWAL_WARNING_MS = DAY_MS;

/**
 * Cents missing to pay every automatic renewal due within the next 24 hours (0 when the wallet
 * covers them), at the shared price: the browser warns with the number the server will charge.
 */
export function renewalShortfallCents(rentals: readonly RenewingRental[], walletCents: number, nowMs: number): number {
  const due = rentals.filter(
    (rental) =>
      rental.status === RENTAL_STATUS.connected &&
      rental.auto_renew &&
      rental.renew_hours > 0 &&
      Date.parse(rental.end_time) - nowMs <= RENEWAL_WARNING_MS,
  );
  const needed = due.reduce((sum, rental) => sum + priceCents(rental.renew_hours, rental.ipqualityscore), 0);
  return Math.max(0, needed - walletCents);
}
