import { PROXY_PROTOCOLS, PROXY_TYPES, type ProxyImportRow } from '@portal/contract';
import type { Database } from '../db/client';
import { bumpCatalogue } from '../catalogue/catalogue-service';
import { insertProxyValues, lockProxiesAndCount, proxyValues } from './inventory-repository';

/** Real places and carriers, so the demo catalogue's filters behave like the real one's. */
const PLACES: [country: string, region: string, city: string, zip: string, isp: string][] = [
  ['US', 'California', 'Los Angeles', '90012', 'Comcast Cable'],
  ['US', 'New York', 'New York', '10001', 'Verizon Wireless'],
  ['US', 'Texas', 'Houston', '77002', 'AT&T Mobility'],
  ['US', 'Florida', 'Miami', '33101', 'T-Mobile USA'],
  ['GB', 'England', 'London', 'EC1A 1BB', 'BT Group'],
  ['GB', 'Scotland', 'Edinburgh', 'EH1 1YZ', 'Virgin Media'],
  ['DE', 'Bavaria', 'Munich', '80331', 'Deutsche Telekom'],
  ['DE', 'Berlin', 'Berlin', '10115', 'Vodafone Germany'],
  ['FR', 'Île-de-France', 'Paris', '75001', 'Orange'],
  ['FR', "Provence-Alpes-Côte d'Azur", 'Marseille', '13001', 'SFR'],
  ['NL', 'North Holland', 'Amsterdam', '1012', 'KPN'],
  ['ES', 'Community of Madrid', 'Madrid', '28001', 'Telefónica'],
  ['IT', 'Lombardy', 'Milan', '20121', 'TIM'],
  ['PL', 'Masovian', 'Warsaw', '00-001', 'Orange Polska'],
  ['CA', 'Ontario', 'Toronto', 'M5H 2N2', 'Rogers Communications'],
  ['CA', 'Quebec', 'Montreal', 'H2Y 1C6', 'Bell Canada'],
  ['BR', 'São Paulo', 'São Paulo', '01000-000', 'Claro Brasil'],
  ['MX', 'Mexico City', 'Mexico City', '06000', 'Telcel'],
  ['AR', 'Buenos Aires', 'Buenos Aires', 'C1002', 'Telecom Argentina'],
  ['JP', 'Tokyo', 'Tokyo', '100-0001', 'NTT Docomo'],
  ['KR', 'Seoul', 'Seoul', '04524', 'SK Telecom'],
  ['IN', 'Maharashtra', 'Mumbai', '400001', 'Reliance Jio'],
  ['IN', 'Karnataka', 'Bengaluru', '560001', 'Bharti Airtel'],
  ['SG', 'Central Region', 'Singapore', '018989', 'Singtel'],
  ['AU', 'New South Wales', 'Sydney', '2000', 'Telstra'],
  ['ZA', 'Gauteng', 'Johannesburg', '2001', 'Vodacom'],
  ['TR', 'Istanbul', 'Istanbul', '34000', 'Turkcell'],
  ['UA', 'Kyiv City', 'Kyiv', '01001', 'Kyivstar'],
  ['SE', 'Stockholm County', 'Stockholm', '111 20', 'Telia'],
  ['CH', 'Zurich', 'Zurich', '8001', 'Swisscom'],
];

/** RFC 5737 documentation ranges: nobody mistakes a demo exit for a real one. */
const DOC_NETWORKS = ['192.0.2', '198.51.100', '203.0.113'];
const ADDRESSES = DOC_NETWORKS.length * 254;

/** Small deterministic generator, so every fresh demo has the same catalogue. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function demoProxies(count: number): Required<Omit<ProxyImportRow, 'max_connections' | 'node'>>[] {
  const random = mulberry32(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const [country, region, city, zip, isp] = PLACES[i % PLACES.length] ?? PLACES[0]!;
    const network = DOC_NETWORKS[Math.floor((i % ADDRESSES) / 254)];
    return {
      ip: `${network}.${(i % 254) + 1}`,
      port: 10000 + Math.floor(i / ADDRESSES),
      protocol: random() < 0.8 ? 'SOCKS5' : pick(PROXY_PROTOCOLS),
      type: pick(PROXY_TYPES),
      country,
      region,
      city,
      isp,
      zip,
      // Spread over the whole range, with more clean addresses than dirty ones, like real stock.
      fraud_score: Math.min(100, Math.floor(random() ** 1.6 * 101)),
      upstream: 'direct',
    };
  });
}

/**
 * Fills an empty inventory with demo proxies. The table lock makes a second process that starts
 * at the same moment wait and then find the inventory filled.
 */
export async function seedDemoInventory(db: Database, count: number, at: Date): Promise<number> {
  if (count <= 0) return 0;
  return db.transaction(async (tx) => {
    if ((await lockProxiesAndCount(tx)) > 0) return 0;
    const rows = demoProxies(count);
    for (let start = 0; start < rows.length; start += 1000) {
      await insertProxyValues(
        tx,
        rows.slice(start, start + 1000).map((row) => proxyValues(row, at)),
      );
    }
    await bumpCatalogue(tx);
    return rows.length;
  });
}
