import type { Queryable } from '../db/client';
import type { GatewayAddress } from '../rentals/rentals-service';
import { nodeAddressOfProxy, type NodeAddress } from './node-repository';

// Defined beside the query that uses them (the repository); other areas' queries join them
// through here, as no other area may import this area's repository.
export { nodeAddressColumns, type NodeAddress } from './node-repository';

/**
 * Where customers connect for a proxy: its node's host and the ports the node reported, or the
 * shop's own gateway. A node that has not reported yet is given the shop's configured ports (the
 * node's own defaults are the same settings), so its rentals have a connection string from the
 * start; its first report corrects them. Once it has reported, a node without a TLS port has none.
 */
export function addressFor(node: NodeAddress | null, gateway: GatewayAddress): GatewayAddress {
  if (!node) return gateway;
  if (node.socksPort === null || node.httpPort === null) {
    return { host: node.host, socksPort: gateway.socksPort, httpPort: gateway.httpPort, tls: gateway.tls ?? null };
  }
  return {
    host: node.host,
    socksPort: node.socksPort,
    httpPort: node.httpPort,
    tls: node.tlsPort === null ? null : { port: node.tlsPort },
  };
}

/** The address of one proxy's gateway. */
export async function addressOfProxy(db: Queryable, proxyId: number, gateway: GatewayAddress): Promise<GatewayAddress> {
  return addressFor(await nodeAddressOfProxy(db, proxyId), gateway);
}

/** `host:port`, with an IPv6 host in brackets. */
export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
