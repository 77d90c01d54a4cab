import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './snapshot-reply';

describe('acceptsGzip', () => {
  it('takes gzip named or by *, and not when its weight is zero or it is absent', () => {
    for (const header of ['gzip', 'gzip, deflate, br', 'br;q=1.0, GZIP;q=0.5', '*', 'deflate, *;q=0.1']) {
      expect(acceptsGzip(header), header).toBe(true);
    }
    for (const header of [undefined, '', 'br', 'identity', 'gzip;q=0', 'gzip; q=0.000', 'x-gzip2', 'deflate, *;q=0']) {
      expect(acceptsGzip(header), String(header)).toBe(false);
    }
  });
});
