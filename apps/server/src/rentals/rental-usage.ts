import type { Queryable } from '../db/client';
import { addToRentalTotals, addToUsageHour } from './rental-traffic-repository';

/**
 * Adds bytes a gateway relayed for a rental in one hour: to the rental's totals and to its hourly
 * row. Run inside the caller's transaction, so the hourly rows always add up to the totals.
 */
export async function addRentalUsage(tx: Queryable, rentalId: number, hour: Date, up: number, down: number) {
  await addToRentalTotals(tx, rentalId, up, down);
  await addToUsageHour(tx, rentalId, hour, up, down);
}
