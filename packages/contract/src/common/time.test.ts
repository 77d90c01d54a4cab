import { describe, expect, it } from 'vitest';
import { utcDate, wholeHours, HOUR_MS } from './time';

describe('the shop’s units of time', () => {
  it('dates an instant by its UTC day, whatever the offset it was written with', () => {
    expect(utcDate(new Date('2026-11-28T23:30:00-05:00'))).toBe('2026-11-29');
    expect(utcDate(new Date('2026-11-29T00:30:00+02:00'))).toBe('2026-11-28');
    expect(utcDate(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01');
  });

  it('states a window in whole hours, rounding to the nearest', () => {
    expect(wholeHours(24 * HOUR_MS)).toBe(24);
    expect(wholeHours(1.5 * HOUR_MS)).toBe(2);
    expect(wholeHours(HOUR_MS / 3)).toBe(0);
  });
});
