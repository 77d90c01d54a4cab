import type { ProxyProtocol } from '../statuses';

/**
 * Apart from the schemas, so that the public pages can name them without loading zod.
 *
 * The protocols customers may use through the gateway, in the order the storefront names them.
 * SOCKS4 includes SOCKS4a; HTTPS is the HTTP proxy inside TLS, served only with a certificate.
 */
export const SERVED_PROTOCOLS = ['SOCKS5', 'SOCKS4', 'HTTP', 'HTTPS'] as const satisfies readonly ProxyProtocol[];
export type ServedProtocol = (typeof SERVED_PROTOCOLS)[number];

/** What the gateway serves: every front always, the TLS port only when it has a certificate. */
export function servedProtocols(gateway: { tls: boolean }): ServedProtocol[] {
  return SERVED_PROTOCOLS.filter((protocol) => protocol !== 'HTTPS' || gateway.tls);
}
