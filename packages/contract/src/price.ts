import { centsToDollars } from './money';

/**
 * Price of one proxy rental.
 *
 * Computed in integer cents so that the browser (display) and the server (the amount charged)
 * can never disagree by a rounding step: base cents of the duration split into 30-day months,
 * days and hours, times the fraud-score discount, rounded half-up.
 */
export const PRICE_CENTS = {
  perMonth: 450,
  perDay: 75,
  perHour: 15,
} as const;

export const HOURS_PER_DAY = 24;
export const HOURS_PER_MONTH = 30 * HOURS_PER_DAY;

export interface DurationSplit {
  months: number;
  days: number;
  hours: number;
}

/** Splits hours into full 720-hour months, full days of the remainder, and remaining hours. */
export function splitHours(totalHours: number): DurationSplit {
  assertWholeNonNegative(totalHours, 'hours');
  return {
    months: Math.floor(totalHours / HOURS_PER_MONTH),
    days: Math.floor((totalHours % HOURS_PER_MONTH) / HOURS_PER_DAY),
    hours: totalHours % HOURS_PER_DAY,
  };
}

/** Scores outside 0..100 are clamped, so the best discount is 50%; fractions round to whole points. */
export function clampFraudScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score)));
}

export function baseCents(totalHours: number): number {
  const { months, days, hours } = splitHours(totalHours);
  return PRICE_CENTS.perMonth * months + PRICE_CENTS.perDay * days + PRICE_CENTS.perHour * hours;
}

export function priceCents(totalHours: number, fraudScore: number): number {
  const factor = 200 - clampFraudScore(fraudScore);
  // floor((x + 100) / 200) rounds base*factor/200 half-up without leaving integers.
  return Math.floor((baseCents(totalHours) * factor + 100) / 200);
}

export function priceDollars(totalHours: number, fraudScore: number): number {
  return centsToDollars(priceCents(totalHours, fraudScore));
}

/** Total hours of the purchase dialog: months x 30 x 24 + days x 24 + hours. */
export function totalHours(duration: DurationSplit): number {
  const { months, days, hours } = duration;
  assertWholeNonNegative(months, 'months');
  assertWholeNonNegative(days, 'days');
  assertWholeNonNegative(hours, 'hours');
  return months * HOURS_PER_MONTH + days * HOURS_PER_DAY + hours;
}

function assertWholeNonNegative(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of at least 0, got ${value}`);
  }
}
