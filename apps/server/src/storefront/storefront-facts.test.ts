import { priceCents, type StorefrontFacts } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProxies, buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helper';
import { stockFacts, wholeShares } from '../catalogue/catalogue-stock';
import { STOREFRONT_REFRESH_MS } from './storefront-facts';

let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

async function factsOf(app: TestApp): Promise<StorefrontFacts> {
  const response = await app.app.inject({ method: 'GET', url: '/api/storefront' });
  expect(response.statusCode).toBe(200);
  return response.json<StorefrontFacts>();
}

describe('the storefront figures', () => {
  it('state the free stock as it is, and follow an import within a minute', async () => {
    await addProxies(t, 3, { type: 'datacenter', country: 'DE', fraud_score: 20 });
    const before = await factsOf(t);
    expect(before.stock).toEqual({
      free: 3,
      lowestHourCents: priceCents(1, 20),
      countries: 1,
      types: [{ type: 'datacenter', percent: 100 }],
      udpPercent: 0,
    });

    // Residential stock in Spain, with a better fraud score: a lower hourly price.
    await addProxies(t, 2, {
      type: 'residential',
      country: 'ES',
      region: 'Madrid',
      city: 'Madrid',
      isp: 'Telefonica',
      zip: '28001',
      fraud_score: 80,
    });
    expect(priceCents(1, 80)).toBeLessThan(priceCents(1, 20));
    // Within the minute the kept figures are answered (no query, the pages are not rendered again).
    t.clock.advance(STOREFRONT_REFRESH_MS - 1);
    expect((await factsOf(t)).stock).toEqual(before.stock);

    t.clock.advance(1);
    expect((await factsOf(t)).stock).toEqual({
      free: 5,
      lowestHourCents: priceCents(1, 80),
      countries: 2,
      types: [
        { type: 'datacenter', percent: 60 },
        { type: 'residential', percent: 40 },
      ],
      udpPercent: 0,
    });
  });

  it('name the protocols the gateway serves and the rules as configured', async () => {
    const facts = await factsOf(t);
    // No TLS port is configured here: no HTTPS.
    expect(facts.protocols).toEqual(['SOCKS5', 'SOCKS4', 'HTTP']);
    expect(facts.rules).toEqual({
      maxConnections: t.config.gateway.rentalMaxConnections,
      maxSourceIps: t.config.gateway.rentalMaxSourceIps,
      sourceWindowHours: 24,
      blockedPorts: [25, 465, 587],
      refundUnavailableHours: 2,
      refundRequestHours: 5,
    });
  });

  it('name HTTPS once the gateway has its TLS port, and a configured connection cap', async () => {
    const gateway = {
      ...t.config.gateway,
      rentalMaxConnections: 7,
      tls: { port: 8443, certFile: '/etc/proxy/cert.pem', keyFile: '/etc/proxy/key.pem' },
    };
    const tls = await buildTestApp({ database, deps: { config: { ...t.config, gateway } } });
    try {
      const facts = await factsOf(tls);
      expect(facts.protocols).toEqual(['SOCKS5', 'SOCKS4', 'HTTP', 'HTTPS']);
      expect(facts.rules.maxConnections).toBe(7);
    } finally {
      await tls.close();
    }
  });
});

describe('the figures of a stock', () => {
  it('say sold out with no price when nothing is free', () => {
    expect(stockFacts([])).toEqual({
      free: 0,
      lowestHourCents: null,
      countries: 0,
      types: [],
      udpPercent: 0,
    });
  });

  it('state UDP only when some stock passes it', () => {
    const proxy = {
      id: 1,
      ip: '198.51.100.1',
      country: 'ES',
      region: '',
      city: '',
      ISP: '',
      zip: '',
      ipqualityscore: 0,
      type: 'mobile' as const,
      protocol: 'SOCKS5' as const,
      udp: null,
    };
    const stock = (withUdp: number, without: number, unknown = 0) => [
      ...Array.from({ length: withUdp }, () => ({ ...proxy, udp: true })),
      ...Array.from({ length: without }, () => ({ ...proxy, udp: false })),
      ...Array.from({ length: unknown }, () => proxy),
    ];
    expect(stockFacts(stock(0, 3, 2)).udpPercent).toBe(0);
    expect(stockFacts(stock(1, 300)).udpPercent).toBe(1);
    expect(stockFacts(stock(62, 30, 8)).udpPercent).toBe(62);
  });

  it('shares are whole percentages adding up to 100, none 0 for a type in stock', () => {
    const byType = (mobile: number, residential: number, datacenter: number) => ({ mobile, residential, datacenter });
    expect(wholeShares(byType(1, 1, 1))).toEqual(byType(34, 33, 33));
    expect(wholeShares(byType(0, 62, 38))).toEqual(byType(0, 62, 38));
    // One residential among a thousand is not "100% datacenter".
    expect(wholeShares(byType(0, 1, 999))).toEqual(byType(0, 1, 99));
    expect(wholeShares(byType(0, 0, 0))).toEqual(byType(0, 0, 0));
  });
});
