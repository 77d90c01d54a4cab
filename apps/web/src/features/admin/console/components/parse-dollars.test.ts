import {
  BalanceAdjustRequestSchema,
  GiftcardCreateRequestSchema,
  MAX_ADJUSTMENT_DOLLARS,
  MAX_GIFTCARD_DOLLARS,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { parseDollars } from './parse-dollars';

const typed = ['12', '12.5', '12,50', ' 0.01 ', '0', '-3', '+3', '1.234', 'abc', '', '1e3', '10000', '10000.01'];
const bigger = ['1000000', '-1000000', '1000000.01', '99999999'];

describe('parseDollars', () => {
  it('takes what the gift card call accepts, and nothing else', () => {
    for (const text of typed) {
      const dollars = parseDollars(text, { max: MAX_GIFTCARD_DOLLARS, signed: false });
      if (dollars === null) continue;
      expect(GiftcardCreateRequestSchema.safeParse({ amount: dollars, count: 1 }).success, text).toBe(true);
    }
    expect(parseDollars('12,50', { max: MAX_GIFTCARD_DOLLARS, signed: false })).toBe(12.5);
    expect(parseDollars('-3', { max: MAX_GIFTCARD_DOLLARS, signed: false })).toBeNull();
    expect(parseDollars('10000.01', { max: MAX_GIFTCARD_DOLLARS, signed: false })).toBeNull();
  });

  it('takes what the balance adjustment accepts, either way, and nothing else', () => {
    for (const text of [...typed, ...bigger]) {
      const dollars = parseDollars(text, { max: MAX_ADJUSTMENT_DOLLARS, signed: true });
      if (dollars === null) continue;
      const body = { customer: 1, amount: dollars, reason: 'r' };
      expect(BalanceAdjustRequestSchema.safeParse(body).success, text).toBe(true);
    }
    expect(parseDollars('-1000000', { max: MAX_ADJUSTMENT_DOLLARS, signed: true })).toBe(-1_000_000);
    expect(parseDollars('1000000.01', { max: MAX_ADJUSTMENT_DOLLARS, signed: true })).toBeNull();
    expect(parseDollars('0', { max: MAX_ADJUSTMENT_DOLLARS, signed: true })).toBeNull();
    expect(parseDollars('1.234', { max: MAX_ADJUSTMENT_DOLLARS, signed: true })).toBeNull();
  });
});
