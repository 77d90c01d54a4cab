import { beforeAll, describe, expect, it } from 'vitest';
import {
  addProxies,
  adminToken,
  customerCall,
  fundedCustomer,
  twoCachedAppsPerFile,
  withinASecond,
  type TestApp,
} from '../../test/helper';

/** Two processes on one database; each keeps sumid, the list and the news in memory for a minute. */
const [one, two] = twoCachedAppsPerFile();
let apiKey: string;

beforeAll(async () => {
  apiKey = (await fundedCustomer(one(), 100_000)).apiKey;
});
const sumidOn = async (t: TestApp) =>
  (await customerCall(t, apiKey).get('/api/proxy/sumid')).json<{ sumid: string }>().sumid;
const listOn = async (t: TestApp) =>
  (await customerCall(t, apiKey).get('/api/proxy/list')).json<{ proxies: { id: number }[] }>().proxies.map((p) => p.id);
const newsOn = async (t: TestApp) =>
  (await t.app.inject({ method: 'GET', url: '/api/news' }))
    .json<{ news: { title: string }[] }>()
    .news.map((n) => n.title);

describe('sumid, the catalogue and the news from memory', () => {
  it("shows one process's import and purchase on the other within a second", async () => {
    // Both processes hold the current version and list.
    const before = await sumidOn(two());
    expect(await sumidOn(one())).toBe(before);
    const listed = await listOn(two());

    const [added] = await addProxies(one(), 1);
    await withinASecond(async () => (await sumidOn(two())) !== before);
    await withinASecond(async () => (await listOn(two())).includes(added!));
    expect((await listOn(two())).length).toBe(listed.length + 1);

    const afterImport = await sumidOn(two());
    const bought = await customerCall(one(), apiKey).post('/api/proxy/buy', { task: 'up', id: added, hours: 1 });
    expect(bought.statusCode).toBe(200);
    await withinASecond(async () => (await sumidOn(two())) !== afterImport);
    await withinASecond(async () => !(await listOn(two())).includes(added!));
  });

  it("shows one process's news on the other within a second", async () => {
    expect(await newsOn(two())).not.toContain('Maintenance tonight');
    const token = await adminToken(one());
    const added = await one().app.inject({
      method: 'POST',
      url: '/api/admin/news/add',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Maintenance tonight', content: '02:00 UTC', date: '2026-02-01', important: true },
    });
    expect(added.statusCode).toBe(200);
    // The process that wrote it answers it at once.
    expect(await newsOn(one())).toContain('Maintenance tonight');
    await withinASecond(async () => (await newsOn(two())).includes('Maintenance tonight'));
  });

  it('answers an unchanged ETag with 304 and no body, on sumid, the list and the news', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [
      { url: '/api/proxy/sumid', headers: { 'x-api-key': apiKey } },
      { url: '/api/proxy/list', headers: { 'x-api-key': apiKey, 'accept-encoding': 'gzip' } },
      { url: '/api/news', headers: {} },
    ];
    for (const { url, headers } of calls) {
      const first = await two().app.inject({ method: 'GET', url, headers });
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^".+"$/);
      const again = await two().app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers['content-type'], url).toBeUndefined();
      expect(Number(again.headers['content-length'] ?? 0), url).toBe(0);
      expect(again.headers.etag, url).toBe(etag);
      // Another version is answered in full.
      const other = await two().app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': '"old"' } });
      expect(other.statusCode, url).toBe(200);
    }
  });
});
