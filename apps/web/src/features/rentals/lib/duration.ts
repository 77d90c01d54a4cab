import {
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
