import { HOURS_PER_DAY, priceDollars, type CatalogueProxy, type StockGroup } from '@portal/contract';

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
