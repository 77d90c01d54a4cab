import {
  HOURS_PER_DAY,
  HOURS_PER_MONTH,
  MAX_PURCHASE_HOURS,
  MIN_PURCHASE_HOURS,
  PURCHASE_HOURS_FALLBACK,
  priceCents,
  totalHours,
  type DurationSplit,
} from '@portal/contract';

/** What the purchase and extension forms start at: a day, the lifetime the shop states for a proxy. */
export const FIRST_DURATION: DurationSplit = { months: 0, days: 1, hours: 0 };

/** A time input's text as a whole number of at least 0; anything else counts as 0. */
export function wholeAtLeastZero(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Hours, days and months are whole numbers of at least 0; if all three become 0, hours resets to 1,
 * since a rental is at least an hour.
 */
export function normaliseDuration(duration: DurationSplit): DurationSplit {
  const months = Math.max(0, Math.trunc(duration.months));
  const days = Math.max(0, Math.trunc(duration.days));
  const hours = Math.max(0, Math.trunc(duration.hours));
  if (months === 0 && days === 0 && hours === 0) return { months, days, hours: PURCHASE_HOURS_FALLBACK };
  return { months, days, hours };
}

/** Hours must be at least 1 when days and months are both 0, otherwise 0. */
export function minimumHours(duration: DurationSplit): number {
  return duration.months === 0 && duration.days === 0 ? MIN_PURCHASE_HOURS : 0;
}

/** Total price in cents of a duration over the selection: the shared price function, summed. */
export function totalCents(duration: DurationSplit, scores: readonly number[]): number {
  const hours = totalHours(duration);
  if (hours <= 0) return 0;
  return scores.reduce((sum, score) => sum + priceCents(hours, score), 0);
}

/**
 * A longer rental that costs less than the one asked for, if any: the price counts whole months
 * and days at a lower rate than their hours (6 hours cost more than a day, 7 days more than a
 * month), so the asked time rounded up to a whole day or month can be cheaper. The cheaper of
 * the two wins, the longer one at a tie; null when neither is cheaper or longer than a purchase
 * may be. `priceOf` is the selection's total price for a number of hours.
 */
export function longerForLess(duration: DurationSplit, priceOf: (hours: number) => number): DurationSplit | null {
  const hours = totalHours(duration);
  if (hours <= 0) return null;
  const asked = priceOf(hours);
  let best: { hours: number; cents: number } | null = null;
  for (const unit of [HOURS_PER_DAY, HOURS_PER_MONTH]) {
    const longer = Math.ceil(hours / unit) * unit;
    if (longer === hours || longer > MAX_PURCHASE_HOURS) continue;
    const cents = priceOf(longer);
    // Ties go to the month, tried last: more time for the same money.
    if (cents < asked && (best === null || cents <= best.cents)) best = { hours: longer, cents };
  }
  if (best === null) return null;
  const months = Math.floor(best.hours / HOURS_PER_MONTH);
  return { months, days: (best.hours - months * HOURS_PER_MONTH) / HOURS_PER_DAY, hours: 0 };
}

export type TimeUnit = 'd' | 'h' | 'm' | 's';

/** Time left as at most two units of d, h, m, s, largest first; [] when over. */
export function timeLeftParts(ms: number): { value: number; unit: TimeUnit }[] {
  if (!Number.isFinite(ms) || ms <= 0) return [];
  let seconds = Math.floor(ms / 1000);
  const units: [TimeUnit, number][] = [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ];
  const parts: { value: number; unit: TimeUnit }[] = [];
  for (const [unit, size] of units) {
    const value = Math.floor(seconds / size);
    seconds -= value * size;
    if (value > 0 || parts.length > 0) parts.push({ value, unit });
    if (parts.length === 2) break;
  }
  // "2d 0h" reads as noise; a zero second unit is dropped.
  return parts.filter((part, index) => index === 0 || part.value > 0);
}
