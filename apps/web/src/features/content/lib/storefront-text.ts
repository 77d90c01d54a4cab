import {
  REFUND_REQUEST_WINDOW_HOURS,
  REFUND_UNAVAILABLE_WINDOW_HOURS,
  SMTP_PORTS,
  formatCents,
  servedProtocols,
  type ServedProtocol,
  type StorefrontFacts,
  type TypeShares,
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

export type ProxyTypeName = keyof TypeShares;

/** The types in stock, largest share first (ties in the contract's order). */
export function typesInStock(types: TypeShares): { type: ProxyTypeName; percent: number }[] {
  return (Object.keys(types) as ProxyTypeName[])
    .map((type) => ({ type, percent: types[type] }))
    .filter(({ percent }) => percent > 0)
    .sort((a, b) => b.percent - a.percent);
}

export function hourPrice(cents: number): string {
  return formatCents(cents);
}
