import { describe, expect, it } from 'vitest';
import { IpAuthListSchema, ipAuthEntryIssue } from './ip-auth';

describe('IP authorization lists', () => {
  it('takes addresses and networks up to a /24 of IPv4 and a /64 of IPv6', () => {
    for (const entry of ['127.0.0.1', '203.0.113.0/24', '203.0.113.7/32', '2001:db8::1', '2001:db8::/64']) {
      expect(ipAuthEntryIssue(entry), entry).toBeNull();
    }
  });

  it('names what is wrong with an entry', () => {
    expect(ipAuthEntryIssue('example.com')).toMatchObject({ issue: 'invalid' });
    expect(ipAuthEntryIssue('1.2.3.4/24/1')).toMatchObject({ issue: 'invalid' });
    expect(ipAuthEntryIssue('1.2.3.4/33')).toEqual({ issue: 'bad-prefix', family: 4 });
    expect(ipAuthEntryIssue('1.2.3.0/23')).toEqual({ issue: 'too-wide', family: 4 });
    expect(ipAuthEntryIssue('2001:db8::/63')).toEqual({ issue: 'too-wide', family: 6 });
    // The IPv4-compatible block (deprecated; it holds :: and ::1) at any width.
    expect(ipAuthEntryIssue('::1/128')).toEqual({ issue: 'ipv4-compatible', family: 6 });
    expect(ipAuthEntryIssue('::/120')).toEqual({ issue: 'ipv4-compatible', family: 6 });
  });

  it('trims, lower-cases and drops repeats; refuses a sixth entry', () => {
    expect(IpAuthListSchema.parse([' 2001:DB8::1 ', '2001:db8::1', '10.0.0.1'])).toEqual(['2001:db8::1', '10.0.0.1']);
    expect(IpAuthListSchema.safeParse(['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5', '1.1.1.6']).success).toBe(
      false,
    );
    expect(IpAuthListSchema.parse([])).toEqual([]);
  });
});
