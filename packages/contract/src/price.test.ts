import { describe, expect, it } from 'vitest';
import { baseCents, clampFraudScore, priceCents, priceDollars, splitHours, totalHours } from './price';

describe('priceCents (computed by hand)', () => {
  it.each([
    // [hours, score, cents, why]
    [720, 0, 450, 'one full 720-hour month is $4.50'],
    [24, 0, 75, 'one full day is $0.75'],
    [1, 0, 15, 'one hour is $0.15'],
    [25, 0, 90, 'a day plus one remaining hour'],
    [745, 0, 540, 'month + day + hour = 4.50 + 0.75 + 0.15'],
    [719, 0, 2520, '29 days and 23 hours: 29 x 75 + 23 x 15'],
    [8760, 0, 12 * 450 + 5 * 75, 'a year is 12 months and 5 days'],
    [3, 42, 36, 'worked example: 45 x 158 / 200 = 35.55 -> 36'],
    [720, 100, 225, 'score 100 is the best discount, 50%'],
    [720, 150, 225, 'scores above 100 clamp to 100'],
    [720, -20, 450, 'scores below 0 clamp to 0'],
    [1, 10, 14, '14.25 rounds down'],
    [1, 1, 15, '14.925 rounds up'],
    [1, 100, 8, 'exactly 7.5 rounds half-up to 8'],
    [24, 50, 56, '56.25 rounds down'],
  ])('%i h at score %i costs %i cents (%s)', (hours, score, cents) => {
    expect(priceCents(hours, score)).toBe(cents);
  });

  it('speaks dollars with two decimals', () => {
    expect(priceDollars(3, 42)).toBe(0.36);
    expect(priceDollars(745, 0)).toBe(5.4);
  });

  it('discounts by at most half, never below half the base, and never to zero', () => {
    for (let hours = 1; hours <= 1500; hours += 1) {
      const base = baseCents(hours);
      for (const score of [0, 1, 37, 99, 100]) {
        const cents = priceCents(hours, score);
        expect(cents).toBeLessThanOrEqual(base);
        expect(cents).toBeGreaterThanOrEqual(Math.floor(base / 2));
        expect(cents).toBeGreaterThan(0);
      }
    }
  });

  it('rejects fractional or negative hours', () => {
    expect(() => priceCents(1.5, 0)).toThrow(RangeError);
    expect(() => priceCents(-1, 0)).toThrow(RangeError);
  });
});

describe('splitHours and totalHours', () => {
  it('splits into full months, full days of the remainder and remaining hours', () => {
    expect(splitHours(771)).toEqual({ months: 1, days: 2, hours: 3 });
    expect(splitHours(23)).toEqual({ months: 0, days: 0, hours: 23 });
    expect(splitHours(1440)).toEqual({ months: 2, days: 0, hours: 0 });
  });

  it('totals months x 30 x 24 + days x 24 + hours', () => {
    expect(totalHours({ months: 1, days: 2, hours: 3 })).toBe(771);
    expect(totalHours({ months: 0, days: 0, hours: 0 })).toBe(0);
    expect(totalHours({ months: 12, days: 5, hours: 0 })).toBe(8760);
    expect(() => totalHours({ months: -1, days: 0, hours: 0 })).toThrow(RangeError);
  });

  it('splits and totals are inverse', () => {
    for (let hours = 0; hours < 3000; hours += 7) expect(totalHours(splitHours(hours))).toBe(hours);
  });

  it('base cents follow the split', () => {
    expect(baseCents(771)).toBe(450 + 2 * 75 + 3 * 15);
  });
});

describe('clampFraudScore', () => {
  it('clamps to 0..100 and treats non-numbers as 0', () => {
    expect(clampFraudScore(-5)).toBe(0);
    expect(clampFraudScore(101)).toBe(100);
    expect(clampFraudScore(Number.NaN)).toBe(0);
    expect(clampFraudScore(42.4)).toBe(42);
  });
});
