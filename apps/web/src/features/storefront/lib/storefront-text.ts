import {
  BLOCKED_PORTS,
  DEFAULT_SOURCE_WINDOW_HOURS,
  FRAUD_SCORE_BANDS,
  MAX_FRAUD_DISCOUNT_PERCENT,
  MIN_DEPOSIT_USD,
  PRICE_CENTS,
  REFUND_REQUEST_WINDOW_HOURS,
  REFUND_UNAVAILABLE_WINDOW_HOURS,
  type StorefrontFacts,
} from '@portal/contract';

/**
 * The rules stated before the server's figures are known (a page reached inside the app): what
 * every configuration has. The server's figures replace them as soon as they arrive.
 */
const BASELINE: Pick<StorefrontFacts, 'protocols' | 'rules'> = {
  // servedProtocols({ tls: false }), written out: the landing's first load does not carry its module.
  protocols: ['SOCKS5', 'SOCKS4', 'HTTP'],
  rules: {
    maxConnections: 0,
    maxSourceIps: 0,
    sourceWindowHours: DEFAULT_SOURCE_WINDOW_HOURS,
    // Pure: a page that needs only priceValues() (the landing's first load) leaves the list out.
    blockedPorts: /* @__PURE__ */ Array.from(BLOCKED_PORTS),
    refundUnavailableHours: REFUND_UNAVAILABLE_WINDOW_HOURS,
    refundRequestHours: REFUND_REQUEST_WINDOW_HOURS,
  },
};

/** The values the landing's and the terms' sentences interpolate. */
export function ruleValues(facts: StorefrontFacts | null, separator: string) {
  const { protocols, rules } = facts ?? BASELINE;
  return {
    // SOCKS4 is served with its 4a form.
    protocols: protocols.map((protocol) => (protocol === 'SOCKS4' ? 'SOCKS4/4a' : protocol)).join(separator),
    ports: rules.blockedPorts.join(separator),
    unavailableHours: rules.refundUnavailableHours,
    requestHours: rules.refundRequestHours,
    sourceWindowHours: rules.sourceWindowHours,
  };
}

/** The catalogue filter's fraud score bands as the terms state them: `veryLowMin`, `veryLowMax`, `lowMin`… */
export function fraudBandValues() {
  const { 'very-low': veryLow, low, medium, high } = FRAUD_SCORE_BANDS;
  return {
    veryLowMin: veryLow.min,
    veryLowMax: veryLow.max,
    lowMin: low.min,
    lowMax: low.max,
    mediumMin: medium.min,
    mediumMax: medium.max,
    highMin: high.min,
    highMax: high.max,
  };
}

/**
 * The prices as the terms and the landing state them: the minimum deposit (`minDeposit`, whole
 * dollars), the base prices of a 30-day month, a day and an hour (`perMonth`, `perDay`,
 * `perHour`) and the largest fraud-score discount (`maxDiscount`, percent). The prices are
 * amounts without the dollar sign (`4.50`), written as hourPrice writes them: each language puts
 * the sign where it goes, and French reads them with i18next's `number` format for its comma.
 */
export function priceValues() {
  return {
    minDeposit: MIN_DEPOSIT_USD,
    perMonth: dollarAmount(PRICE_CENTS.perMonth),
    perDay: dollarAmount(PRICE_CENTS.perDay),
    perHour: dollarAmount(PRICE_CENTS.perHour),
    maxDiscount: MAX_FRAUD_DISCOUNT_PERCENT,
  };
}

/**
 * `$0.08`, as the contract's formatCents writes it (storefront-text.test.ts holds them equal):
 * the money module shares its chunk with zod, which the landing's first load must not carry.
 */
export function hourPrice(cents: number): string {
  return `$${dollarAmount(cents)}`;
}

/** `0.08`: whole cents as dollars with two decimals, without the sign. */
function dollarAmount(cents: number): string {
  const digits = String(Math.max(0, Math.round(cents))).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
