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

/** The highest fraud score a price counts: clampFraudScore holds every score to 0..100. */
const MAX_FRAUD_SCORE = 100;

/** A fraud score of s takes s/200 off the price (priceCents). */
const FRAUD_DISCOUNT_DIVISOR = 200;

/**
 * Scores outside 0..100 are clamped, so the best discount is MAX_FRAUD_DISCOUNT_PERCENT; fractions
 * round to whole points.
 */
export function clampFraudScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(MAX_FRAUD_SCORE, Math.max(0, Math.round(score)));
}

export function baseCents(totalHours: number): number {
  const { months, days, hours } = splitHours(totalHours);
  return PRICE_CENTS.perMonth * months + PRICE_CENTS.perDay * days + PRICE_CENTS.perHour * hours;
}

export function priceCents(totalHours: number, fraudScore: number): number {
  const factor = FRAUD_DISCOUNT_DIVISOR - clampFraudScore(fraudScore);
  // floor((x + 100) / 200) rounds base*factor/200 half-up without leaving integers.
  return Math.floor((baseCents(totalHours) * factor + FRAUD_DISCOUNT_DIVISOR / 2) / FRAUD_DISCOUNT_DIVISOR);
}

/**
 * The largest fraud-score discount in percent, which the terms and the landing state: priceCents
 * takes score/200 off and clampFraudScore lets no score above 100 through, so 100/200 = 50%.
 * Derived from them so that the texts cannot promise a discount the price function does not give.
 */
export const MAX_FRAUD_DISCOUNT_PERCENT = (100 * MAX_FRAUD_SCORE) / FRAUD_DISCOUNT_DIVISOR;

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
