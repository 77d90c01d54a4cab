import { z } from 'zod';

/** Source addresses one rental may list for IP authorization. */
export const MAX_IP_AUTH_ADDRESSES = 5;
/** The widest networks a customer may list: a /24 of IPv4, a /64 of IPv6 (one subscriber's). */
export const MIN_IPV4_PREFIX = 24;
export const MIN_IPV6_PREFIX = 64;

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

/**
 * An entry as the gateway matches it: IPv4 as 4 bytes, IPv6 as 16. An IPv4-mapped IPv6 range
 * (::ffff:a.b.c.d/N) is the IPv4 range it maps, because IPv4 clients of a dual-stack listener
 * appear in that form: matching it as IPv6 would let a short IPv6 prefix cover every IPv4 client.
 */
export interface IpRange {
  family: 4 | 6;
  bytes: number[];
  prefix: number;
}

/** What is wrong with one entry: not an address, a prefix out of range, or a network too wide. */
export type IpAuthEntryIssue = 'invalid' | 'bad-prefix' | 'too-wide' | 'ipv4-space' | 'ipv4-compatible';

function ipv4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

/** The 16 bytes of an address that z.ipv6() accepted (`::` and a trailing dotted quad allowed). */
function ipv6Bytes(text: string): number[] {
  let body = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  const tail: number[] = [];
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(dotted[1]);
    body = body.slice(0, dotted.index);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
    tail.push((a << 8) | b, (c << 8) | d);
  }
  const words = (part: string) => (part ? part.split(':').map((word) => Number.parseInt(word, 16)) : []);
  const [head = '', rest] = body.split('::');
  const front = words(head);
  const back = [...words(rest ?? ''), ...tail];
  const all =
    rest === undefined
      ? [...front, ...tail]
      : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return all.flatMap((word) => [word >> 8, word & 0xff]);
}

/** Whether the first `bits` bits of two byte strings are equal. */
function samePrefix(a: readonly number[], b: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((a[bit / 8] ?? 0) & mask) !== ((b[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/**
 * IPv6 blocks whose last 32 bits are an IPv4 address: IPv4-compatible (::/96, deprecated; it
 * holds :: and ::1), IPv4-mapped, IPv4-translated (SIIT) and the NAT64 well-known prefix. A range
 * that reaches into one of them stands for IPv4 hosts, so the IPv4 width rule applies to it. The
 * IPv4-compatible block is refused whole: no client connects from it (RFC 4291 deprecated it),
 * and even its narrowest ranges hold `::1`, the loopback a local TCP relay connects from.
 */
const IPV4_EMBEDDING = [
  { name: 'IPv4-compatible', bytes: ipv6Bytes('::') },
  { name: 'IPv4-mapped', bytes: ipv6Bytes('::ffff:0:0') },
  { name: 'IPv4-translated', bytes: ipv6Bytes('::ffff:0:0:0') },
  { name: 'NAT64', bytes: ipv6Bytes('64:ff9b::') },
];
const EMBEDDING_PREFIX = 96;
/**
 * The widest range allowed inside IPv6 space that embeds IPv4 (IPv4-mapped, IPv4-compatible,
 * NAT64): the IPv4 address is the last 32 bits after a 96-bit prefix, so an IPv4 /24 is a /120.
 */
export const MIN_EMBEDDED_IPV4_PREFIX = EMBEDDING_PREFIX + MIN_IPV4_PREFIX;

type Parsed = { range: IpRange } | { issue: IpAuthEntryIssue; family: 4 | 6 };

function parseEntry(entry: string): Parsed {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = ipv4.safeParse(address).success ? 4 : ipv6.safeParse(address).success ? 6 : 0;
  if (family === 0 || rest.length > 0) return { issue: 'invalid', family: 4 };
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!Number.isInteger(prefix) || prefix > max) return { issue: 'bad-prefix', family };
  if (family === 4) {
    return prefix < MIN_IPV4_PREFIX
      ? { issue: 'too-wide', family }
      : { range: { family, bytes: ipv4Bytes(address), prefix } };
  }
  const bytes = ipv6Bytes(address);
  for (const block of IPV4_EMBEDDING) {
    // Overlap: the shorter of the two prefixes agrees.
    if (!samePrefix(bytes, block.bytes, Math.min(prefix, EMBEDDING_PREFIX))) continue;
    if (prefix < MIN_EMBEDDED_IPV4_PREFIX) return { issue: 'ipv4-space', family };
    if (block.name === 'IPv4-compatible') return { issue: 'ipv4-compatible', family };
    if (block.name === 'IPv4-mapped') return { range: { family: 4, bytes: bytes.slice(12), prefix: prefix - 96 } };
    return { range: { family: 6, bytes, prefix } };
  }
  if (prefix < MIN_IPV6_PREFIX) return { issue: 'too-wide', family };
  return { range: { family: 6, bytes, prefix } };
}

/** `null` when the entry is an IPv4/IPv6 address or a narrow enough CIDR (browser and server use this). */
export function ipAuthEntryIssue(entry: string): { issue: IpAuthEntryIssue; family: 4 | 6 } | null {
  const parsed = parseEntry(entry);
  return 'issue' in parsed ? parsed : null;
}

/** The range an accepted entry matches; null for an entry the rules refuse (it matches nothing). */
export function ipAuthRange(entry: string): IpRange | null {
  const parsed = parseEntry(entry);
  return 'range' in parsed ? parsed.range : null;
}

/** A client's address as the gateway sees it, in the family it is matched in (IPv4-mapped is IPv4). */
export function clientAddress(address: string): { family: 4 | 6; bytes: number[] } | null {
  const plain = address.split('%')[0] ?? '';
  if (ipv4.safeParse(plain).success) return { family: 4, bytes: ipv4Bytes(plain) };
  if (!ipv6.safeParse(plain).success) return null;
  const bytes = ipv6Bytes(plain);
  const mapped = IPV4_EMBEDDING[1]!;
  if (samePrefix(bytes, mapped.bytes, EMBEDDING_PREFIX)) return { family: 4, bytes: bytes.slice(12) };
  return { family: 6, bytes };
}

/** Whether a client address falls in a range: same family, same leading `prefix` bits. */
export function rangeHolds(range: IpRange, client: { family: 4 | 6; bytes: number[] }): boolean {
  return range.family === client.family && samePrefix(range.bytes, client.bytes, range.prefix);
}

/** The API's sentence for an entry's issue; null when the entry is fine. */
export function ipAuthEntryProblem(entry: string): string | null {
  const found = ipAuthEntryIssue(entry);
  if (!found) return null;
  if (found.issue === 'invalid') return `${entry} is not an IPv4 or IPv6 address`;
  if (found.issue === 'bad-prefix') return `${entry} has a bad prefix length (/0 to /${found.family === 4 ? 32 : 128})`;
  if (found.issue === 'ipv4-compatible') {
    return `${entry} is in the IPv4-compatible block (::/96), which holds :: and ::1 and no client connects from`;
  }
  if (found.issue === 'ipv4-space') {
    return `${entry} is too wide: it reaches IPv4 addresses (IPv4-mapped, IPv4-compatible or NAT64 space), so at most a /${MIN_IPV4_PREFIX} of IPv4 (/${MIN_EMBEDDED_IPV4_PREFIX} in that space)`;
  }
  return found.family === 4
    ? `${entry} is too wide: list at most a /${MIN_IPV4_PREFIX} of IPv4`
    : `${entry} is too wide: list at most a /${MIN_IPV6_PREFIX} of IPv6`;
}

function dotted(bytes: readonly number[]): string {
  return bytes.join('.');
}

/**
 * One entry as stored and shown: trimmed, IPv6 in lower case, and an IPv4-mapped range written as
 * the IPv4 range it is (::ffff:203.0.113.0/120 is 203.0.113.0/24).
 */
export function normalizeIpAuthEntry(raw: string): string {
  const entry = raw.trim().toLowerCase();
  const range = ipAuthRange(entry);
  if (!range) return entry;
  const [address = '', prefixText] = entry.split('/');
  if (range.family === 4 && !ipv4.safeParse(address).success) {
    return range.prefix === 32 ? dotted(range.bytes) : `${dotted(range.bytes)}/${range.prefix}`;
  }
  // One spelling of the prefix (`/024` is `/24`), so that a list holds each range once.
  return prefixText === undefined ? address : `${address}/${range.prefix}`;
}

/** The list as stored and shown: each entry normalized and once, in the given order. */
export function normalizeIpAuthList(ips: readonly string[]): string[] {
  return [...new Set(ips.map(normalizeIpAuthEntry))];
}

export const IpAuthListSchema = z
  .array(z.string().max(64, 'an address is at most 64 characters'))
  .superRefine((ips, context) => {
    // Far longer than 5 entries with a few repeats: refused by its length, as parsing tens of
    // thousands of entries held the server's one thread (the gateway's too) for a quarter second.
    if (ips.length > MAX_IP_AUTH_ADDRESSES * 4) {
      context.addIssue({ code: 'custom', message: `at most ${MAX_IP_AUTH_ADDRESSES} addresses (${ips.length} given)` });
      return;
    }
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
