import { ADDRCONFIG, type LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import net from 'node:net';
import { isPrivateAddress, listed, ownAddresses } from './address-ranges';
import { gatewayRefusedTargets } from '../metrics/metrics';

/** Where a rental's `direct` traffic may go: `deny` keeps it off the gateway host's own networks. */
export type PrivateTargets = 'deny' | 'allow';

export interface TargetPolicy {
  /** Whether a customer's `direct` connection may open to this (resolved) address and port. */
  allows(address: string, port: number): boolean;
}

export const ALLOW_ALL_TARGETS: TargetPolicy = { allows: () => true };

/**
 * The policy of one gateway. With `deny`, private addresses and the host's own addresses are
 * refused. `exceptUrl`, when given, is the one exception (its host and port): outside production
 * that is the portal's /healthz, which the README's demo (`curl --socks5-hostname …
 * http://127.0.0.1:8080/healthz`) fetches through the gateway. Provisioning and health checks
 * dial without this policy. `warn` hears about an exception whose name does not resolve.
 */
export async function createTargetPolicy(
  privateTargets: PrivateTargets,
  exceptUrl?: string,
  warn: (message: string) => void = () => undefined,
): Promise<TargetPolicy> {
  if (privateTargets === 'allow') return ALLOW_ALL_TARGETS;
  const own = ownAddresses();
  const exception = new net.BlockList();
  let exceptionPort = -1;
  if (exceptUrl) {
    const url = new URL(exceptUrl);
    exceptionPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = net.isIP(host)
      ? [{ address: host }]
      : await dns.lookup(host, { all: true }).catch(() => {
          warn(`gateway: ${host} (GATEWAY_CHECK_URL) does not resolve; no private address is reachable`);
          return [];
        });
    for (const { address } of addresses) exception.addAddress(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    allows: (address, port) =>
      (!isPrivateAddress(address) && !listed(own, address)) || (port === exceptionPort && listed(exception, address)),
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
      : // ADDRCONFIG as net.connect does: no IPv6 addresses on a host without IPv6.
        await dns.lookup(host, { all: true, hints: ADDRCONFIG }).catch((error: NodeJS.ErrnoException) => {
          throw new TargetRefusedError(`${host}: ${error.code ?? error.message}`, 'not-found');
        });
  const allowed = resolved.filter(({ address }) => policy.allows(address, port));
  if (allowed.length === 0) {
    if (resolved.length > 0) gatewayRefusedTargets.inc({ reason: 'private' });
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
