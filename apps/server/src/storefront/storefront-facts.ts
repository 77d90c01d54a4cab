import {
  BLOCKED_PORTS,
  PROXY_TYPES,
  REFUND_REQUEST_WINDOW_HOURS,
  REFUND_UNAVAILABLE_WINDOW_HOURS,
  priceCents,
  servedProtocols,
  type CatalogueProxy,
  type StorefrontFacts,
  type ProxyType,
} from '@portal/contract';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Clock } from '../clock';
import type { Config } from '../config';

/**
 * How long the storefront's figures are kept before the catalogue is looked at again: the
 * figures follow the stock within this, and a landing page served meanwhile costs no query at all.
 */
export const STOREFRONT_REFRESH_MS = 60_000;

/** Shares are whole percentages. */
const WHOLE = 100;

/**
 * Whole percentages that add up to exactly 100 (largest remainder): 2 of 3 is 67 and 1 of 3 is
 * 33, never 66 + 33. A type with any stock shows at least 1%, so a share is never stated as 0
 * for a type that is in stock, nor as 100 beside another type that is.
 */
export function wholeShares<K extends string>(counts: Record<K, number>): Record<K, number> {
  const keys = Object.keys(counts) as K[];
  const total = keys.reduce((sum, key) => sum + counts[key], 0);
  const shares = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  if (total === 0) return shares;
  const exact = keys.map((key) => ({ key, value: (counts[key] * WHOLE) / total }));
  for (const { key, value } of exact) shares[key] = Math.floor(value);
  const fraction = (value: number) => value - Math.floor(value);
  const left = WHOLE - keys.reduce((sum, key) => sum + shares[key], 0);
  // The points lost to rounding down go to the largest fractions, one each.
  const byFraction = [...exact].sort((a, b) => fraction(b.value) - fraction(a.value));
  for (const { key } of byFraction.slice(0, left)) shares[key] += 1;
  // A type in stock that rounded to 0 takes a point from the largest share.
  for (const key of keys) {
    if (counts[key] > 0 && shares[key] === 0) {
      const largest = keys.reduce((a, b) => (shares[b] > shares[a] ? b : a));
      shares[largest] -= 1;
      shares[key] = 1;
    }
  }
  return shares;
}

/** The types with a share, largest first (ties in the contract's order): a type not in stock is not named. */
function typesInStock(shares: Record<ProxyType, number>): StorefrontFacts['stock']['types'] {
  return PROXY_TYPES.map((type) => ({ type, percent: shares[type] }))
    .filter(({ percent }) => percent > 0)
    .sort((a, b) => b.percent - a.percent);
}

/**
 * The figures of the free stock. UDP is stated only when discovery found it passing through at
 * least one free proxy (`udp` true; unknown counts as no).
 */
export function stockFacts(proxies: readonly CatalogueProxy[]): StorefrontFacts['stock'] {
  let lowest: number | null = null;
  const countries = new Set<string>();
  const counts = Object.fromEntries(PROXY_TYPES.map((type) => [type, 0])) as Record<ProxyType, number>;
  let withUdp = 0;
  for (const proxy of proxies) {
    // The price the purchase would charge for one hour of this proxy (the shared price rule).
    const hour = priceCents(1, proxy.ipqualityscore);
    if (lowest === null || hour < lowest) lowest = hour;
    if (proxy.country) countries.add(proxy.country);
    counts[proxy.type] += 1;
    if (proxy.udp === true) withUdp += 1;
  }
  const udp = proxies.length > 0 ? withUdp / proxies.length : 0;
  return {
    free: proxies.length,
    lowestHourCents: lowest,
    countries: countries.size,
    types: typesInStock(wholeShares(counts)),
    // Any UDP at all shows as at least 1%: "0%" would deny what some proxies do.
    udpPercent: udp > 0 ? Math.max(1, Math.round(udp * WHOLE)) : 0,
  };
}

/** The rules as this process is configured: what the terms and the landing state. */
export function configuredFacts(config: Pick<Config, 'gateway'>): Pick<StorefrontFacts, 'protocols' | 'rules'> {
  return {
    protocols: servedProtocols({ tls: config.gateway.tls !== null }),
    rules: {
      maxConnections: config.gateway.rentalMaxConnections,
      maxSourceIps: config.gateway.rentalMaxSourceIps,
      sourceWindowHours: Math.round(config.gateway.sourceWindowMs / 3_600_000),
      blockedPorts: [...BLOCKED_PORTS].sort((a, b) => a - b),
      refundUnavailableHours: REFUND_UNAVAILABLE_WINDOW_HOURS,
      refundRequestHours: REFUND_REQUEST_WINDOW_HOURS,
    },
  };
}

/**
 * The storefront's figures, taken from the catalogue's snapshot (the list the catalogue API
 * serves, built once per catalogue version) at most once a minute: between two looks every
 * request gets the kept object, without a query, and a page rendered from it stays rendered.
 */
export class StorefrontFactsSource {
  private kept: { facts: StorefrontFacts; sumid: string; at: number } | null = null;
  private loading: Promise<StorefrontFacts> | null = null;
  private readonly configured: Pick<StorefrontFacts, 'protocols' | 'rules'>;

  constructor(
    private readonly catalogue: CatalogueCache,
    private readonly clock: Clock,
    config: Pick<Config, 'gateway'>,
    private readonly refreshMs = STOREFRONT_REFRESH_MS,
  ) {
    this.configured = configuredFacts(config);
  }

  get(): Promise<StorefrontFacts> {
    const now = this.clock.now().getTime();
    if (this.kept && now - this.kept.at < this.refreshMs) return Promise.resolve(this.kept.facts);
    this.loading ??= this.load(now).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(now: number): Promise<StorefrontFacts> {
    const snapshot = await this.catalogue.get();
    // The same stock keeps the same object, so pages rendered from it are not rendered again.
    if (this.kept?.sumid === snapshot.sumid) {
      this.kept = { ...this.kept, at: now };
      return this.kept.facts;
    }
    const facts: StorefrontFacts = {
      success: true,
      stock: stockFacts(snapshot.proxies),
      ...this.configured,
    };
    this.kept = { facts, sumid: snapshot.sumid, at: now };
    return facts;
  }
}
