import { priceCents } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  longerForLess,
  minimumHours,
  normaliseDuration,
  timeLeftParts,
  totalCents,
  wholeAtLeastZero,
} from './duration';

describe('time inputs', () => {
  it('reads whole numbers of at least 0', () => {
    expect(wholeAtLeastZero('3')).toBe(3);
    expect(wholeAtLeastZero('2.7')).toBe(2);
    expect(wholeAtLeastZero('-4')).toBe(0);
    expect(wholeAtLeastZero('')).toBe(0);
    expect(wholeAtLeastZero('abc')).toBe(0);
  });
  it('resets hours to 1 when all three become 0', () => {
    expect(normaliseDuration({ months: 0, days: 0, hours: 0 })).toEqual({ months: 0, days: 0, hours: 1 });
    expect(normaliseDuration({ months: 0, days: 1, hours: 0 })).toEqual({ months: 0, days: 1, hours: 0 });
  });
  it('hours must be at least 1 only while days and months are 0', () => {
    expect(minimumHours({ months: 0, days: 0, hours: 5 })).toBe(1);
    expect(minimumHours({ months: 0, days: 2, hours: 0 })).toBe(0);
    expect(minimumHours({ months: 1, days: 0, hours: 0 })).toBe(0);
  });
});

describe('price totals', () => {
  it('sums the shared price function over the selection', () => {
    const oneDay = { months: 0, days: 1, hours: 0 };
    expect(totalCents(oneDay, [0, 100])).toBe(priceCents(24, 0) + priceCents(24, 100));
    expect(totalCents(oneDay, [0, 100])).toBe(75 + 38);
    expect(totalCents({ months: 1, days: 2, hours: 3 }, [40])).toBe(priceCents(720 + 48 + 3, 40));
    expect(totalCents(oneDay, [])).toBe(0);
  });
});

describe('a longer rental for less', () => {
  const one = (hours: number) => priceCents(hours, 0);
  const two = (hours: number) => priceCents(hours, 0) + priceCents(hours, 100);

  it('offers a whole day from 6 hours on, and not at 5 hours, which cost what a day does', () => {
    expect(longerForLess({ months: 0, days: 0, hours: 6 }, one)).toEqual({ months: 0, days: 1, hours: 0 });
    expect(longerForLess({ months: 0, days: 0, hours: 5 }, one)).toBeNull();
    expect(longerForLess({ months: 0, days: 2, hours: 7 }, two)).toEqual({ months: 0, days: 3, hours: 0 });
  });

  it('offers a whole month from 7 days on, the cheaper of a day and a month', () => {
    expect(longerForLess({ months: 0, days: 7, hours: 0 }, one)).toEqual({ months: 1, days: 0, hours: 0 });
    expect(longerForLess({ months: 0, days: 6, hours: 23 }, one)).toEqual({ months: 1, days: 0, hours: 0 });
    expect(longerForLess({ months: 1, days: 2, hours: 6 }, one)).toEqual({ months: 1, days: 3, hours: 0 });
    // 6 days cost what a month does: the month, more time for the same money.
    expect(longerForLess({ months: 0, days: 5, hours: 6 }, one)).toEqual({ months: 1, days: 0, hours: 0 });
  });

  it('offers nothing for whole lengths or no time, and at most the longest purchase', () => {
    expect(longerForLess({ months: 0, days: 1, hours: 0 }, one)).toBeNull();
    expect(longerForLess({ months: 2, days: 0, hours: 0 }, one)).toBeNull();
    expect(longerForLess({ months: 0, days: 0, hours: 0 }, one)).toBeNull();
    // 365 days, a year: a purchase's longest.
    expect(longerForLess({ months: 12, days: 4, hours: 6 }, one)).toEqual({ months: 12, days: 5, hours: 0 });
    // A 13th month would cost less than 12 months and 7 days, but no purchase is that long.
    expect(longerForLess({ months: 12, days: 7, hours: 0 }, one)).toBeNull();
  });
});

describe('time left (at most two units of d, h, m, s)', () => {
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;
  it.each([
    [2 * d + 3 * h + 4 * m, '2d 3h'],
    [5 * h + 30 * m + 10 * s, '5h 30m'],
    [4 * m + 5 * s, '4m 5s'],
    [45 * s, '45s'],
    [2 * d + 30 * m, '2d'],
    [3 * h + 20 * s, '3h'],
  ])('%i ms -> %s', (ms, text) => {
    expect(
      timeLeftParts(ms)
        .map((part) => `${part.value}${part.unit}`)
        .join(' '),
    ).toBe(text);
  });
  it('is empty once the time is over', () => {
    expect(timeLeftParts(0)).toEqual([]);
    expect(timeLeftParts(-5)).toEqual([]);
    expect(timeLeftParts(Number.NaN)).toEqual([]);
  });
});
