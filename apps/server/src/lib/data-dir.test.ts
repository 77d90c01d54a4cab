import { describe, expect, it } from 'vitest';
import { demoSecretNotice } from './data-dir';

describe('the start banner on a generated admin secret', () => {
  const demo = { secret: 'generated-secret-value', generated: true, file: '/data/admin-secret' };

  it('shows the secret to a person at a terminal, once', () => {
    expect(demoSecretNotice(demo, true)).toContain('generated-secret-value');
    expect(demoSecretNotice({ ...demo, generated: false }, true)).toBe('Admin secret: kept in /data/admin-secret');
  });

  it('only names the file when the output is not a terminal (a log file)', () => {
    const notice = demoSecretNotice(demo, false);
    expect(notice).not.toContain('generated-secret-value');
    expect(notice).toContain('/data/admin-secret');
  });
});
