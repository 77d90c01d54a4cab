/** Lengths of time in milliseconds, the unit of Date and of every timer in the shop. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A length of time in whole hours, as the shop states windows to customers. */
export const wholeHours = (ms: number): number => Math.round(ms / HOUR_MS);

/** The day an instant falls on in UTC, as YYYY-MM-DD: the shop's days (news dates, daily totals) are UTC days. */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);
