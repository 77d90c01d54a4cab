import { describe, expect, it } from 'vitest';
import { sameCode } from './same-code';

describe('two versions name the same code', () => {
  it.each([
    ['1.0.0+3f2a1b9c0d4e', '1.0.0+3f2a1b9c0d4e', true],
    ['1.0.0+3f2a1b9c0d4e', '1.0.0+0123456789ab', false],
    ['1.0.0+3f2a1b9c0d4e', '1.0.0', true],
    ['1.0.0', '1.0.0+3f2a1b9c0d4e', true],
    ['1.0.0', '1.1.0+3f2a1b9c0d4e', false],
    ['1.0.0', '1.0.1', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameCode(a, b)).toBe(same);
  });
});
