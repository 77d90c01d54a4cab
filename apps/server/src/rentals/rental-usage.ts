import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rentals, rentalUsage } from '../db/schema';

/**
 * Adds bytes a gateway relayed for a rental in one hour: to the rental's totals and to its hourly
 * row. Run inside the caller's transaction, so the hourly rows always add up to the totals.
 */
export async function addRentalUsage(tx: Queryable, rentalId: number, hour: Date, up: number, down: number) {
  await tx
    .update(rentals)
    .set({ bytesUp: sql`${rentals.bytesUp} + ${up}`, bytesDown: sql`${rentals.bytesDown} + ${down}` })
    .where(eq(rentals.id, rentalId));
  await tx
    .insert(rentalUsage)
    .values({ rentalId, hour, bytesUp: up, bytesDown: down })
    .onConflictDoUpdate({
      target: [rentalUsage.rentalId, rentalUsage.hour],
      set: {
        bytesUp: sql`${rentalUsage.bytesUp} + ${up}`,
        bytesDown: sql`${rentalUsage.bytesDown} + ${down}`,
      },
    });
}
