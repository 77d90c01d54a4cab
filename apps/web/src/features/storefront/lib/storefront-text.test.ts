import { formatCents } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { hourPrice, ruleValues } from './storefront-text';

describe('storefront text', () => {
  it('writes an hourly price exactly as formatCents does', () => {
    for (const cents of [0, 1, 8, 9, 15, 99, 100, 101, 450, 1234, 100000])
      expect(hourPrice(cents)).toBe(formatCents(cents));
  });

  it('names SOCKS4 with its 4a form, and before the figures arrive only what every configuration serves', () => {
    expect(ruleValues(null, ', ')).toEqual({
      protocols: 'SOCKS5, SOCKS4/4a, HTTP',
      ports: '25, 465, 587',
      unavailableHours: 2,
      requestHours: 5,
      sourceWindowHours: 24,
    });
  });
});
