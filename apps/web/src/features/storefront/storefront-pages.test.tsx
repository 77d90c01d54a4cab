import { LANGUAGES, localizedPath, type Language, type StorefrontFacts } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createStorefront } from '../../entry-server';

/** The server's renderer as the API server loads it, with a minimal template and no chunks. */
const storefront = createStorefront({
  template:
    '<!doctype html><html lang="en"><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  manifest: {},
  publicUrl: 'https://shop.example',
});

const facts = (stock: Partial<StorefrontFacts['stock']>, protocols: StorefrontFacts['protocols']): StorefrontFacts => ({
  success: true,
  stock: { free: 3, lowestHourCents: 14, countries: 1, types: [], udpPercent: 0, ...stock },
  protocols,
  rules: {
    maxConnections: 0,
    maxSourceIps: 5,
    sourceWindowHours: 24,
    blockedPorts: [25, 465, 587],
    refundUnavailableHours: 2,
    refundRequestHours: 5,
  },
});
const DATACENTER_ONLY = facts({ types: [{ type: 'datacenter', percent: 100 }] }, ['SOCKS5', 'SOCKS4', 'HTTP']);

/** How each language says "residential" (the stem, so every inflection is caught). */
const RESIDENTIAL: Record<Language, RegExp> = {
  en: /residential/i,
  ru: /резидент/i,
  es: /residencial/i,
  fr: /résidenti/i,
  hi: /रेज़िडेंशियल/,
  'zh-CN': /住宅/,
};

async function landing(language: Language, data: StorefrontFacts): Promise<string> {
  const html = await storefront.render(localizedPath(language, '/'), { storefront: data });
  if (html === null) throw new Error('the landing is a public page');
  return html;
}

/** What a reader sees: the document without tags (the page data handed to hydration included). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the landing states the figures it is rendered with', () => {
  it('with only datacenter stock, no language says "residential", and each says 100% datacenter', async () => {
    const said: Record<string, string> = {};
    for (const language of LANGUAGES) {
      const html = await landing(language, DATACENTER_ONLY);
      expect(html, language).not.toMatch(RESIDENTIAL[language]);
      said[language] = textOf(html);
    }
    expect(said.en).toContain('100% datacenter IPs');
    expect(said.en).toContain('From $0.14 per hour');
    expect(said.en).toContain('Free proxies in 1 country');
    expect(said.en).toContain('Protocols: SOCKS5, SOCKS4/4a, HTTP');
    expect(said.en).not.toContain('HTTPS');
    expect(said.en).not.toContain('UDP');
    expect(said.ru).toContain('100% серверных IP');
    expect(said.ru).toContain('От $0.14 в час');
    expect(said.ru).toContain('Свободные прокси в 1 стране');
    expect(said.es).toContain('100% IP de centro de datos');
    expect(said.fr).toContain("100 % d'IP datacenter");
    expect(said.hi).toContain('100% डेटासेंटर IP');
    expect(said['zh-CN']).toContain('100% 数据中心 IP');
  });

  it('after residential stock arrives in Spain: the shares, the new country count and the lower price', async () => {
    const mixed = facts(
      {
        free: 5,
        lowestHourCents: 9,
        countries: 2,
        types: [
          { type: 'datacenter', percent: 60 },
          { type: 'residential', percent: 40 },
        ],
      },
      ['SOCKS5', 'SOCKS4', 'HTTP'],
    );
    const en = textOf(await landing('en', mixed));
    expect(en).toContain('60% datacenter, 40% residential');
    expect(en).not.toContain('100% residential');
    expect(en).toContain('From $0.09 per hour');
    expect(en).toContain('Free proxies in 2 countries');
    const ru = textOf(await landing('ru', mixed));
    expect(ru).toContain('60% серверных, 40% резидентных');
    expect(ru).toContain('Свободные прокси в 2 странах');
    expect(textOf(await landing('zh-CN', mixed))).toContain('60% 数据中心、40% 住宅');
  });

  it('names HTTPS only with the TLS port, UDP only where stock has it, and says when all is rented', async () => {
    const en = textOf(
      await landing(
        'en',
        facts({ udpPercent: 62, types: [{ type: 'mobile', percent: 100 }] }, ['SOCKS5', 'SOCKS4', 'HTTP', 'HTTPS']),
      ),
    );
    expect(en).toContain('Protocols: SOCKS5, SOCKS4/4a, HTTP, HTTPS');
    expect(en).toContain('UDP on 62% of proxies');
    expect(en).toContain('UDP works through 62% of the proxies in stock.');
    const soldOut = textOf(await landing('en', facts({ free: 0, lowestHourCents: null, countries: 0 }, ['SOCKS5'])));
    expect(soldOut).toContain('Every proxy is rented right now');
    expect(soldOut).not.toMatch(/From \$|Free proxies in/);
  });
});

describe('the terms state the rules as configured', () => {
  it('the connection cap, the refund windows, the blocked ports and the protocols', async () => {
    const capped = { ...DATACENTER_ONLY, rules: { ...DATACENTER_ONLY.rules, maxConnections: 50 } };
    const en = textOf((await storefront.render('/terms', { storefront: capped })) ?? '');
    expect(en).toContain('Simultaneous connections through one proxy: up to 50.');
    expect(en).toContain('Ports 25, 465, 587 (mail, SMTP) are blocked on every proxy.');
    expect(en).toContain('within 2 hours of purchase');
    expect(en).toContain('within 5 hours of purchase');
    expect(en).toContain('Every type works over SOCKS5, SOCKS4/4a, HTTP.');
    expect(en).not.toContain('UDP');
    const ru = textOf((await storefront.render('/ru/terms', { storefront: DATACENTER_ONLY })) ?? '');
    expect(ru).toContain('Число одновременных подключений через один прокси не ограничено.');
    expect(ru).not.toContain('UDP');
  });

  it('the addresses one rental may be used from, only when there is a limit', async () => {
    const en = textOf((await storefront.render('/terms', { storefront: DATACENTER_ONLY })) ?? '');
    expect(en).toContain('Different IP addresses one rental may be used from within 24 hours: at most 5');
    const ru = textOf((await storefront.render('/ru/terms', { storefront: DATACENTER_ONLY })) ?? '');
    expect(ru).toContain('не более 5');
    const unlimited = { ...DATACENTER_ONLY, rules: { ...DATACENTER_ONLY.rules, maxSourceIps: 0 } };
    const none = textOf((await storefront.render('/terms', { storefront: unlimited })) ?? '');
    expect(none).not.toContain('Different IP addresses');
  });

  it('says what the shop keeps about a customer, as configured, and claims nothing it cannot keep', async () => {
    const week = { ...DATACENTER_ONLY, rules: { ...DATACENTER_ONLY.rules, sourceWindowHours: 168 } };
    const terms = textOf((await storefront.render('/terms', { storefront: week })) ?? '');
    // An e-mail address is asked for when e-mail notices are on; the addresses a rental is used from are kept.
    expect(terms).not.toContain('no name, e-mail or password');
    expect(terms).toContain('An e-mail address or a Telegram chat is kept only if you link one for notices');
    expect(terms).toContain('once it has gone unused for 168 hours');
    // Two proxies may leave by one exit (a rotating upstream): the landing promises the proxy, not the IP.
    const home = textOf(await landing('en', DATACENTER_ONLY));
    expect(home).not.toContain('shares your IP');
    expect(home).toContain('Nobody else can rent your proxy while it is yours.');
  });
});
