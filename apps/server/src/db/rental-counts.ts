import { sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { rentals } from './tables/rentals';

/**
 * Rentals per status, read by the console's overview and the metrics' gauges alike; PostgreSQL
 * answers counts as text (bigint).
 */
export async function countRentalsByStatus(db: Queryable): Promise<{ status: string; count: string }[]> {
  return db
    .select({ status: rentals.status, count: sql<string>`count(*)` })
    .from(rentals)
    .groupBy(rentals.status);
}
