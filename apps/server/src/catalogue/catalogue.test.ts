import { gunzipSync } from 'node:zlib';
import type { CatalogueProxy } from '@portal/contract';
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

  it('lists free proxies with the fields of the spec and never the upstream', async () => {
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
