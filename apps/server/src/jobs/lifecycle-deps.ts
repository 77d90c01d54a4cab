import type { RentalsDeps } from '../rentals/rentals-service';

/**
 * What the lifecycle jobs run with. In a file of its own because the jobs (lifecycle-jobs.ts) and
 * the health check they call (health-check.ts) both take it, and neither imports the other for it.
 */
export interface LifecycleDeps extends RentalsDeps {
  graceMs: number;
  provisioningDeadlineMs: number;
  healthCheckMs: number;
  /** Automatic replacement of failing proxies; without it, none. */
  replacement?: { autoAfterMs: number; perDay: number; autoPerDay?: number };
}
