import { describe, expect, it } from 'vitest';
import { ProxyImportRowSchema } from './import-schemas';

const upstreamOf = (upstream: string) => {
  const result = ProxyImportRowSchema.safeParse({ upstream });
  return result.success ? result.data.upstream : result.error.issues.map((issue) => issue.message).join('; ');
};

describe('an upstream in a JSON or CSV row', () => {
  it('is read as plain-text lines read it: any case of scheme, socks5h, an [IPv6] host', () => {
    expect(upstreamOf('SOCKS5://user:pass@45.12.3.4:1080')).toBe('socks5://user:pass@45.12.3.4:1080');
    expect(upstreamOf(' Http://45.12.3.4:3128 ')).toBe('http://45.12.3.4:3128');
    expect(upstreamOf('socks5h://u:p@gate.example.net:7000')).toBe('socks5://u:p@gate.example.net:7000');
    expect(upstreamOf('socks5://u:p@[2001:db8::1]:1080')).toBe('socks5://u:p@[2001:db8::1]:1080');
  });

  it('refuses hosts that are neither a name nor an address, without quoting the upstream', () => {
    const refusal = 'the upstream host must be a host name, an IPv4 address or an [IPv6] address';
    expect(upstreamOf('http://u:secret@256.1.1.1:80')).toBe(refusal);
    expect(upstreamOf('socks5://[:::::]:80')).toBe(refusal);
    expect(upstreamOf('http://u:secret@foo.123:80')).toBe(refusal);
    expect(upstreamOf('ftp://45.12.3.4:21')).toBe(
      'upstream must be direct, socks5://user:pass@host:port or http://user:pass@host:port',
    );
  });
});
