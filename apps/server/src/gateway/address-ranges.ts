import net from 'node:net';
import os from 'node:os';

/**
 * Addresses that are not the public internet: this host (loopback, 0.0.0.0), private networks,
 * carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), documentation, benchmarking,
 * multicast and reserved ranges (IANA's special-purpose registries). A customer reaching them
 * through a `direct` rental would reach the operator's own services (PostgreSQL, Redis) from
 * inside. IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are checked against the IPv4 ranges by
 * BlockList itself; other IPv6 forms that carry an IPv4 address are unpacked in `embeddedIPv4`.
 */
const PRIVATE = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // IPv4-compatible (deprecated), which includes :: and ::1.
  ['::', 96],
  // IPv4-translated (SIIT).
  ['::ffff:0:0:0', 96],
  // Local-use NAT64: translates into whatever network the operator chose.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // IETF protocol assignments, Teredo among them (its IPv4 address is hidden).
  ['2001::', 23],
  ['2001:db8::', 32],
  // Documentation (RFC 9637), the second such prefix beside 2001:db8::/32.
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit words of an IPv6 address that net.isIP accepted. */
export function ipv6Words(address: string): number[] {
  let text = address.split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string | undefined) => (part ? part.split(':').map((word) => Number.parseInt(word, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return parse(head);
  const front = parse(head);
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address inside a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address: a network with a
 * translator or a relay delivers those to that IPv4 address, private or not.
 */
export function embeddedIPv4(address: string): string | null {
  if (net.isIP(address) !== 6) return null;
  const w = ipv6Words(address);
  const quad = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((word) => word === 0)) return quad(w[6]!, w[7]!);
  if (w[0] === 0x2002) return quad(w[1]!, w[2]!);
  return null;
}

const familyOf = (address: string) => (net.isIP(address) === 6 ? 'ipv6' : 'ipv4');

export function isPrivateAddress(address: string): boolean {
  return listed(PRIVATE, address);
}

/** IPv6 global unicast: everything else of IPv6 is reserved, local or multicast. */
const GLOBAL_UNICAST_V6 = new net.BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

/** An address a host on the internet can have: an IP, unicast, public (what an exit IP must be). */
export function isPublicUnicast(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6 && !GLOBAL_UNICAST_V6.check(address, 'ipv6')) return false;
  return !isPrivateAddress(address);
}

/**
 * The addresses of this host's own interfaces, public ones included: Linux delivers a connection
 * to the host's own public address locally, to services bound to 0.0.0.0 that a firewall in front
 * of the host would have kept from the internet.
 */
export function ownAddresses(): net.BlockList {
  const own = new net.BlockList();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const { address } of entries ?? []) own.addAddress(address.split('%')[0]!, familyOf(address));
  }
  return own;
}

/** Whether `address` (or the IPv4 address it carries) is in `list`. */
export function listed(list: net.BlockList, address: string): boolean {
  if (net.isIP(address) === 0) return false;
  const inner = embeddedIPv4(address);
  return list.check(address.split('%')[0]!, familyOf(address)) || (inner !== null && list.check(inner, 'ipv4'));
}
