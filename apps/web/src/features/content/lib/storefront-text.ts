import {
  REFUND_REQUEST_WINDOW_HOURS,
  REFUND_UNAVAILABLE_WINDOW_HOURS,
  SMTP_PORTS,
  servedProtocols,
  type ServedProtocol,
  type StorefrontFacts,
} from '@portal/contract';

/** How the storefront names each protocol: SOCKS4 is served with its 4a form. */
const PROTOCOL_NAMES: Record<ServedProtocol, string> = {
  SOCKS5: 'SOCKS5',
  SOCKS4: 'SOCKS4/4a',
  HTTP: 'HTTP',
  HTTPS: 'HTTPS',
};

/**
 * The rules stated before the server's figures are known (a page reached inside the app): what
 * every configuration has. The server's figures replace them as soon as they arrive.
 */
const BASELINE: Pick<StorefrontFacts, 'protocols' | 'rules'> = {
  protocols: servedProtocols({ tls: false }),
  rules: {
    maxConnections: 0,
    blockedPorts: [...SMTP_PORTS],
    refundUnavailableHours: REFUND_UNAVAILABLE_WINDOW_HOURS,
    refundRequestHours: REFUND_REQUEST_WINDOW_HOURS,
  },
};

/** The values the landing's and the terms' sentences interpolate. */
export function ruleValues(facts: StorefrontFacts | null, separator: string) {
  const { protocols, rules } = facts ?? BASELINE;
  return {
    protocols: protocols.map((protocol) => PROTOCOL_NAMES[protocol]).join(separator),
    ports: rules.blockedPorts.join(separator),
    unavailableHours: rules.refundUnavailableHours,
    requestHours: rules.refundRequestHours,
  };
}
