import { gunzipSync } from 'node:zlib';
import { priceDollars, type CatalogueProxy } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProxyEnabled } from '../inventory/inventory-repository';
import { addProxies, buildTestApp, customerCall, fundedCustomer, type TestApp } from '../../test/helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
});
afterAll(async () => t.close());

const list = (apiKey: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/proxy/list', headers: { 'x-api-key': apiKey, ...headers } });

describe('GET /api/proxy/list', () => {
  it('answers "not enough" while the wallet is at or below zero', async () => {
    await addProxies(t, 1);
    const { apiKey } = await fundedCustomer(t, 0);
    const response = await list(apiKey);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: false,
      status: 'not enough',
      message: 'You need to add funds to access proxies',
    });
  });

  it('lists free proxies with the catalogue fields and never the upstream', async () => {
    const [id] = await addProxies(t, 1, {
      upstream: 'socks5://secretuser:secretpass@203.0.113.50:1080',
      fraud_score: 42,
      country: 'JP',
      region: 'Tokyo',
      city: 'Tokyo',
      isp: 'NTT Docomo',
      zip: '100-0001',
      type: 'mobile',
      protocol: 'HTTP',
    });
    const { apiKey } = await fundedCustomer(t, 100);
    const response = await list(apiKey);
    expect(response.body).not.toContain('secret');
    const proxy = response.json<{ proxies: CatalogueProxy[] }>().proxies.find((p) => p.id === id);
    expect(proxy).toEqual({
      id,
      ip: expect.stringMatching(/^198\.51\./),
      country: 'JP',
      region: 'Tokyo',
      city: 'Tokyo',
      ISP: 'NTT Docomo',
      zip: '100-0001',
      ipqualityscore: 42,
      type: 'mobile',
      protocol: 'HTTP',
      // Not looked at by discovery's UDP check yet.
      udp: null,
    });
  });

  it('compresses for clients that accept gzip, and serves the same list', async () => {
    const { apiKey } = await fundedCustomer(t, 100);
    const plain = await list(apiKey);
    const zipped = await list(apiKey, { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect(zipped.headers['x-sumid']).toBe(plain.headers['x-sumid']);
  });

  it('drops disabled and rented proxies, and the sumid changes with each', async () => {
    const [a, b] = await addProxies(t, 2);
    const { apiKey } = await fundedCustomer(t, 1000);
    const ids = async () => (await list(apiKey)).json<{ proxies: CatalogueProxy[] }>().proxies.map((p) => p.id);
    const sumid = async () => (await customerCall(t, apiKey).get('/api/proxy/sumid')).json<{ sumid: string }>().sumid;

    const first = await sumid();
    expect(await ids()).toEqual(expect.arrayContaining([a, b]));
    await setProxyEnabled(t.database.db, a!, false);
    const second = await sumid();
    expect(second).not.toBe(first);
    expect(await ids()).not.toContain(a);

    await customerCall(t, apiKey).post('/api/proxy/buy', { task: 'up', id: b, hours: 1 });
    expect(await sumid()).not.toBe(second);
    expect(await ids()).not.toContain(b);

    await setProxyEnabled(t.database.db, a!, true);
    expect(await ids()).toContain(a);
  });
});

describe('GET /api/proxy/sumid', () => {
  it('answers with an ETag and 304 when the client has the current one', async () => {
    const { apiKey } = await fundedCustomer(t, 0);
    const response = await customerCall(t, apiKey).get('/api/proxy/sumid');
    const { sumid } = response.json<{ sumid: string }>();
    expect(response.headers.etag).toBe(`"${sumid}"`);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/api/proxy/sumid',
      headers: { 'x-api-key': apiKey, 'if-none-match': `"${sumid}"` },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    await addProxies(t, 1);
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/proxy/sumid',
      headers: { 'x-api-key': apiKey, 'if-none-match': `"${sumid}"` },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('needs the API key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/proxy/sumid' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/proxy/list' })).statusCode).toBe(401);
  });
});

describe('GET /api/proxy/stock', () => {
  it('tells anyone what is for sale by country and type, with counts and the lowest day price', async () => {
    await addProxies(t, 2, { country: 'IS', type: 'mobile', protocol: 'SOCKS5', fraud_score: 10 });
    const [cheapest] = await addProxies(t, 1, { country: 'IS', type: 'mobile', protocol: 'SOCKS5', fraud_score: 60 });
    await addProxies(t, 1, { country: 'IS', type: 'datacenter', protocol: 'HTTP', fraud_score: 0 });
    const { apiKey } = await fundedCustomer(t, 0);

    // No key at all, and a key with an empty wallet, both see it.
    for (const headers of [{}, { 'x-api-key': apiKey }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/proxy/stock', headers });
      expect(response.statusCode).toBe(200);
      const { stock } = response.json<{ stock: { country: string }[] }>();
      expect(stock.filter((group) => group.country === 'IS')).toEqual([
        { country: 'IS', type: 'datacenter', count: 1, day_price_from: priceDollars(24, 0) },
        { country: 'IS', type: 'mobile', count: 3, day_price_from: priceDollars(24, 60) },
      ]);
      expect(response.body).not.toContain('198.51.');
    }

    // A rented proxy is no longer for sale.
    const buyer = await fundedCustomer(t, 1000);
    await customerCall(t, buyer.apiKey).post('/api/proxy/buy', { task: 'up', id: cheapest, hours: 1 });
    const after = (await t.app.inject({ method: 'GET', url: '/api/proxy/stock' })).json<{
      stock: { country: string; type: string; count: number; day_price_from: number }[];
    }>();
    expect(after.stock.find((group) => group.country === 'IS' && group.type === 'mobile')).toMatchObject({
      count: 2,
      day_price_from: priceDollars(24, 10),
    });
  });
});
