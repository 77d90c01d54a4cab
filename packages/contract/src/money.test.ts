import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  dollarsToNearestCents,
  formatCents,
  formatDollars,
  wholeDollarsToCents,
} from './money';

describe('money', () => {
  it('formats dollars with a sign first and exactly two decimals, 0.00 when missing', () => {
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(undefined)).toBe('$0.00');
    expect(formatDollars(null)).toBe('$0.00');
    expect(formatDollars(Number.NaN)).toBe('$0.00');
    expect(formatDollars(-2.51)).toBe('-$2.51');
    expect(formatDollars(-0.001)).toBe('$0.00');
    expect(formatDollars(1234.567)).toBe('$1234.57');
  });

  it('converts cents and whole dollars', () => {
    expect(centsToDollars(1234)).toBe(12.34);
    expect(centsToDollars(5)).toBe(0.05);
    expect(wholeDollarsToCents(7)).toBe(700);
    expect(() => wholeDollarsToCents(1.5)).toThrow(RangeError);
  });

  it('turns dollars into cents exactly at the edge, or to the nearest cent where the amount is not ours', () => {
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(-2.5)).toBe(-250);
    expect(() => dollarsToCents(1.005)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(dollarsToNearestCents(10.004)).toBe(1000);
    expect(dollarsToNearestCents(0.29)).toBe(29);
    expect(() => dollarsToNearestCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(-251)).toBe('-$2.51');
  });
});
