import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import net from 'node:net';

/** Where a rental's `direct` traffic may go: `deny` keeps it off the gateway host's own networks. */
export type PrivateTargets = 'deny' | 'allow';

/**
 * Addresses that are not the public internet: this host (loopback, 0.0.0.0), private networks,
 * carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), benchmarking, multicast and
 * reserved ranges. A customer reaching them through a `direct` rental would reach the operator's
 * own services (PostgreSQL, Redis, the admin API) from inside. IPv4-mapped IPv6 addresses
 * (::ffff:127.0.0.1) are checked against the IPv4 ranges by BlockList itself.
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
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export interface TargetPolicy {
  /** Whether a customer's `direct` connection may open to this (resolved) address and port. */
  allows(address: string, port: number): boolean;
}

export const ALLOW_ALL_TARGETS: TargetPolicy = { allows: () => true };

/**
 * The policy of one gateway. With `deny`, private addresses are refused except the provisioning
 * check target (by default the portal's own /healthz on loopback): the provisioner and the demo
 * (`curl --socks5-hostname … http://127.0.0.1:8080/healthz`) must reach it, and that one port
 * answers nothing but a health check. Its host name is resolved once, here.
 */
export async function createTargetPolicy(privateTargets: PrivateTargets, checkUrl?: string): Promise<TargetPolicy> {
  if (privateTargets === 'allow') return ALLOW_ALL_TARGETS;
  const exception = new net.BlockList();
  let exceptionPort = -1;
  if (checkUrl) {
    const url = new URL(checkUrl);
    exceptionPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = net.isIP(host) ? [{ address: host }] : await dns.lookup(host, { all: true }).catch(() => []);
    for (const { address } of addresses) exception.addAddress(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    allows: (address, port) =>
      !isPrivateAddress(address) ||
      (port === exceptionPort && exception.check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4')),
  };
}

/** Why a target was refused before any connection to it was opened. */
export class TargetRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: 'not-allowed' | 'not-found',
  ) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

/**
 * The addresses a `direct` connection to host:port may use: an IP literal as it is, a name
 * resolved once. The connection then uses exactly these (see `fixedLookup`), so a name that
 * resolves to a public address when checked and to 127.0.0.1 when connecting cannot slip through.
 */
export async function resolveTarget(policy: TargetPolicy, host: string, port: number): Promise<LookupAddress[]> {
  const family = net.isIP(host);
  const resolved =
    family !== 0
      ? [{ address: host, family }]
      : await dns.lookup(host, { all: true }).catch((error: NodeJS.ErrnoException) => {
          throw new TargetRefusedError(`${host}: ${error.code ?? error.message}`, 'not-found');
        });
  const allowed = resolved.filter(({ address }) => policy.allows(address, port));
  if (allowed.length === 0) {
    throw new TargetRefusedError(
      resolved.length === 0 ? `${host}: no address` : `${host}:${port} is not reachable through this gateway`,
      resolved.length === 0 ? 'not-found' : 'not-allowed',
    );
  }
  return allowed;
}

/** A `lookup` for net.connect / http.request that answers already checked addresses. */
export function fixedLookup(addresses: LookupAddress[]): net.LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter(({ family }) => wanted === 0 || family === wanted);
    if (usable.length === 0) {
      const error: NodeJS.ErrnoException = new Error('no address of the requested family');
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
    } else if (options.all) callback(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}
