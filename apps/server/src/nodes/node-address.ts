import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { nodes, proxies } from '../db/schema';
import type { GatewayAddress } from '../rentals/rentals-views';

/** What a connection string needs of the node serving a proxy (null: the shop's own gateway). */
export interface NodeAddress {
  host: string;
  socksPort: number | null;
  httpPort: number | null;
  tlsPort: number | null;
}

/** Columns to select beside a proxy, on a left join of `nodes` by `proxies.node_id`. */
export const nodeAddressColumns = {
  host: nodes.host,
  socksPort: nodes.socksPort,
  httpPort: nodes.httpPort,
  tlsPort: nodes.tlsPort,
};

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
  const [row] = await db
    .select({ node: nodeAddressColumns })
    .from(proxies)
    .leftJoin(nodes, eq(nodes.id, proxies.nodeId))
    .where(eq(proxies.id, proxyId));
  return addressFor(row?.node ?? null, gateway);
}

/** `host:port`, with an IPv6 host in brackets. */
export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
