import {
  HOURS_PER_DAY,
  PROXY_TYPES,
  priceCents,
  priceDollars,
  type CatalogueProxy,
  type ProxyType,
  type StockGroup,
  type StorefrontFacts,
} from '@portal/contract';

/**
 * The free list as groups of country and type, each with its count and the price of one day at
 * the group's best fraud-score discount (the shared price function, so the catalogue and the buy
 * dialog show the same figure). Ordered by country, then type. No protocol: the gateway serves
 * every rental over each of its protocols, whatever the upstream speaks.
 */
export function stockOf(proxies: readonly CatalogueProxy[]): StockGroup[] {
  const groups = new Map<string, { group: Omit<StockGroup, 'day_price_from'>; bestScore: number }>();
  for (const proxy of proxies) {
    const key = `${proxy.country}\u0000${proxy.type}`;
    const entry = groups.get(key);
    if (entry) {
      entry.group.count += 1;
      entry.bestScore = Math.max(entry.bestScore, proxy.ipqualityscore);
    } else {
      groups.set(key, {
        group: { country: proxy.country, type: proxy.type, count: 1 },
        bestScore: proxy.ipqualityscore,
      });
    }
  }
  return [...groups.values()]
    .map(({ group, bestScore }) => ({ ...group, day_price_from: priceDollars(HOURS_PER_DAY, bestScore) }))
    .sort((a, b) => a.country.localeCompare(b.country) || a.type.localeCompare(b.type));
}

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
