import { describe, expect, it } from 'vitest';
import { throughput } from './throughput';

describe('node throughput', () => {
  it('is the bytes per second between two reports', () => {
    expect(throughput({ at: 0, bytesUp: 0, bytesDown: 100 }, { at: 10_000, bytesUp: 1_000, bytesDown: 2_100 })).toEqual(
      {
        up: 100,
        down: 200,
      },
    );
  });

  it('is unknown from one report, the same report twice, or across a restart (counts went down)', () => {
    expect(throughput(null, { at: 10_000, bytesUp: 1, bytesDown: 1 })).toBeNull();
    expect(throughput({ at: 10_000, bytesUp: 1, bytesDown: 1 }, { at: 10_000, bytesUp: 1, bytesDown: 1 })).toBeNull();
    expect(throughput({ at: 0, bytesUp: 500, bytesDown: 500 }, { at: 10_000, bytesUp: 10, bytesDown: 900 })).toBeNull();
  });
});
