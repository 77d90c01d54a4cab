import { z } from 'zod';

/** Source addresses one rental may list for IP authorization (issue 16). */
export const MAX_IP_AUTH_ADDRESSES = 5;
/** The widest networks a customer may list: a /24 of IPv4, a /64 of IPv6 (one subscriber's). */
export const MIN_IPV4_PREFIX = 24;
export const MIN_IPV6_PREFIX = 64;

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

/** What is wrong with one entry: not an address, a prefix out of range, or a network too wide. */
export type IpAuthEntryIssue = 'invalid' | 'bad-prefix' | 'too-wide';

/** `null` when the entry is an IPv4/IPv6 address or a narrow enough CIDR (browser and server use this). */
export function ipAuthEntryIssue(entry: string): { issue: IpAuthEntryIssue; family: 4 | 6 } | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = ipv4.safeParse(address).success ? 4 : ipv6.safeParse(address).success ? 6 : 0;
  if (family === 0 || rest.length > 0) return { issue: 'invalid', family: 4 };
  if (prefixText === undefined) return null;
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!Number.isInteger(prefix) || prefix > (family === 4 ? 32 : 128)) return { issue: 'bad-prefix', family };
  if (prefix < (family === 4 ? MIN_IPV4_PREFIX : MIN_IPV6_PREFIX)) return { issue: 'too-wide', family };
  return null;
}

/** The API's sentence for an entry's issue; null when the entry is fine. */
export function ipAuthEntryProblem(entry: string): string | null {
  const found = ipAuthEntryIssue(entry);
  if (!found) return null;
  if (found.issue === 'invalid') return `${entry} is not an IPv4 or IPv6 address`;
  if (found.issue === 'bad-prefix') return `${entry} has a bad prefix length (/0 to /${found.family === 4 ? 32 : 128})`;
  return found.family === 4
    ? `${entry} is too wide: list at most a /${MIN_IPV4_PREFIX} of IPv4`
    : `${entry} is too wide: list at most a /${MIN_IPV6_PREFIX} of IPv6`;
}

/** The list as stored and shown: trimmed, IPv6 in lower case, each entry once, in the given order. */
export function normalizeIpAuthList(ips: readonly string[]): string[] {
  return [...new Set(ips.map((ip) => ip.trim().toLowerCase()))];
}

export const IpAuthListSchema = z
  .array(z.string().max(64, 'an address is at most 64 characters'))
  .superRefine((ips, context) => {
    const entries = normalizeIpAuthList(ips);
    if (entries.length > MAX_IP_AUTH_ADDRESSES) {
      context.addIssue({ code: 'custom', message: `at most ${MAX_IP_AUTH_ADDRESSES} addresses` });
      return;
    }
    entries.forEach((entry, index) => {
      const problem = ipAuthEntryProblem(entry);
      if (problem) context.addIssue({ code: 'custom', path: [index], message: problem });
    });
  })
  .transform(normalizeIpAuthList);

/** The rental's own gateway port and the sources that may use it without a password. */
export const IpAuthSchema = z.object({
  /** SOCKS5 (no-authentication method) and HTTP (no Proxy-Authorization) on this one port. */
  port: z.number().int(),
  ips: z.array(z.string()),
});
export type IpAuth = z.infer<typeof IpAuthSchema>;
