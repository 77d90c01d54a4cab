import type { ProxyImportRow } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentals } from '../db/schema';
import { CredentialStore } from '../gateway/credential-store';
import { databaseUsage } from '../gateway/database-link';
import type { Gateway } from '../gateway/gateway';
import { basic, connectTunnel, downloadUntilCut, until } from '../../test/gateway-kit';
import { buildTestApp, customerCall, fundedCustomer, type TestApp } from '../../test/helper';
import { startTestGateway, connectedPurchase } from '../../test/live-rental-kit';
import { startOrigin } from '../../test/origin';

let t: TestApp;
let gateway: Gateway;
let origin: Awaited<ReturnType<typeof startOrigin>>;

beforeAll(async () => {
  origin = await startOrigin();
  t = await buildTestApp({
    env: {
      REGISTER_RATE_LIMIT: '1000',
      GATEWAY_HOST: 'gw.example',
      GATEWAY_SOCKS_PORT: '1080',
      GATEWAY_HTTP_PORT: '8081',
      PUBLIC_URL: 'https://portal.example',
    },
  });
  gateway = await startTestGateway(t, { privateTargets: 'allow' });
});
afterAll(async () => {
  await gateway.close();
  await origin.close();
  await t.close();
});

/** A customer with a connected rental of a new proxy (on the real clock: the gateway's). */
async function rented(overrides: Partial<ProxyImportRow> = {}, apiKey?: string) {
  const row = await connectedPurchase(t, { proxy: overrides, apiKey });
  return { apiKey: row.apiKey, proxyId: row.proxyId, user: row.username, pass: row.password, rentalId: row.id };
}

const history = async (apiKey: string) =>
  (await customerCall(t, apiKey).get('/api/proxy/history')).json<{ history: Record<string, unknown>[] }>().history;

describe('both protocols in the history', () => {
  it("gives both gateway ports, and the proxy string takes the port of the proxy's own protocol", async () => {
    const socks = await rented({ protocol: 'SOCKS5' });
    const http = await rented({ protocol: 'HTTP' }, socks.apiKey);
    const rows = await history(socks.apiKey);
    const bySocks = rows.find((row) => row.id === socks.proxyId);
    const byHttp = rows.find((row) => row.id === http.proxyId);
    expect(bySocks).toMatchObject({
      protocol: 'SOCKS5',
      proxy_port: 1080,
      socks_port: 1080,
      http_port: 8081,
      note: '',
    });
    expect(bySocks?.proxy).toBe(`gw.example:1080:${socks.user}:${socks.pass}`);
    expect(byHttp).toMatchObject({ protocol: 'HTTP', proxy_port: 8081, socks_port: 1080, http_port: 8081 });
    expect(byHttp?.proxy).toBe(`gw.example:8081:${http.user}:${http.pass}`);
  });
});

describe('new credentials', () => {
  it('closes a tunnel opened with the old password within a second; the old one is refused, the new one works', async () => {
    const rental = await rented();
    await until(() => gateway.store.authorize(rental.user, rental.pass) !== null);
    const tunnel = await connectTunnel(gateway.httpPort, basic(rental.user, rental.pass), `127.0.0.1:${origin.port}`);
    expect(tunnel.status).toBe(200);
    const cut = downloadUntilCut(tunnel.socket!);

    const changedAt = Date.now();
    const response = await customerCall(t, rental.apiKey).post('/api/proxy/credentials', { proxy_id: rental.proxyId });
    expect(response.statusCode).toBe(200);
    const { proxy, proxy_pwd: fresh } = response.json<{ proxy: string; proxy_pwd: string }>();
    expect(fresh).not.toBe(rental.pass);
    expect(proxy).toBe(`gw.example:1080:${rental.user}:${fresh}`);

    expect((await cut).closedAt - changedAt).toBeLessThan(1000);
    await until(() => gateway.store.authorize(rental.user, fresh) !== null, 1000);
    expect(gateway.store.authorize(rental.user, rental.pass)).toBeNull();
    const again = await connectTunnel(gateway.httpPort, basic(rental.user, fresh), `127.0.0.1:${origin.port}`);
    expect(again.status).toBe(200);
    again.socket?.destroy();
    const old = await connectTunnel(gateway.httpPort, basic(rental.user, rental.pass), `127.0.0.1:${origin.port}`);
    expect(old.status).toBe(407);
  });

  it("is refused for another customer's rental with a 404 that says nothing about it", async () => {
    const rental = await rented();
    const stranger = await fundedCustomer(t, 0);
    const response = await customerCall(t, stranger.apiKey).post('/api/proxy/credentials', {
      proxy_id: rental.proxyId,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'RENTAL_NOT_FOUND' });
    expect(gateway.store.authorize(rental.user, rental.pass)).not.toBeNull();
  });
});

describe('notes', () => {
  it('keeps a note of up to 256 characters as text, markup included, and refuses longer ones', async () => {
    const rental = await rented();
    const call = customerCall(t, rental.apiKey);
    const markup = '<img src=x onerror=alert(1)> scraper #3';
    expect((await call.post('/api/proxy/note', { proxy_id: rental.proxyId, note: markup })).json()).toEqual({
      success: true,
      note: markup,
    });
    expect((await history(rental.apiKey)).find((row) => row.id === rental.proxyId)?.note).toBe(markup);
    const long = await call.post('/api/proxy/note', { proxy_id: rental.proxyId, note: 'x'.repeat(257) });
    expect(long.statusCode).toBe(400);
    expect((await history(rental.apiKey)).find((row) => row.id === rental.proxyId)?.note).toBe(markup);
    expect((await call.post('/api/proxy/note', { proxy_id: rental.proxyId, note: 'x'.repeat(256) })).statusCode).toBe(
      200,
    );
    const stranger = await fundedCustomer(t, 0);
    const other = await customerCall(t, stranger.apiKey).post('/api/proxy/note', {
      proxy_id: rental.proxyId,
      note: 'mine',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('exports and pull links', () => {
  async function twoRentals() {
    const first = await rented({ protocol: 'SOCKS5', country: 'DE', city: 'Munich' });
    const second = await rented({ protocol: 'HTTP', country: 'FR', city: 'Paris' }, first.apiKey);
    await customerCall(t, first.apiKey).post('/api/proxy/note', { proxy_id: second.proxyId, note: 'shop, "fr"\nline' });
    return { apiKey: first.apiKey, first, second };
  }

  it('answers every format and a template byte for byte, connected rentals only', async () => {
    const { apiKey, first: a, second: b } = await twoRentals();
    const expired = await rented({}, apiKey);
    await t.database.db.update(rentals).set({ status: 'expired' }).where(eq(rentals.id, expired.rentalId));
    const get = async (query: string) => {
      const response = await customerCall(t, apiKey).get(`/api/proxy/export?${query}`);
      expect(response.statusCode).toBe(200);
      return {
        body: response.body,
        type: response.headers['content-type'],
        file: response.headers['content-disposition'],
      };
    };
    // Newest first, as the history lists them.
    const [x, y] = [b, a];
    expect((await get('format=ip:port:user:pass')).body).toBe(
      `gw.example:8081:${x.user}:${x.pass}\ngw.example:1080:${y.user}:${y.pass}\n`,
    );
    expect((await get(`format=${encodeURIComponent('user:pass@ip:port')}`)).body).toBe(
      `${x.user}:${x.pass}@gw.example:8081\n${y.user}:${y.pass}@gw.example:1080\n`,
    );
    expect((await get(`format=${encodeURIComponent('socks5://user:pass@ip:port')}`)).body).toBe(
      `socks5://${x.user}:${x.pass}@gw.example:1080\nsocks5://${y.user}:${y.pass}@gw.example:1080\n`,
    );
    expect((await get(`format=${encodeURIComponent('http://user:pass@ip:port')}`)).body).toBe(
      `http://${x.user}:${x.pass}@gw.example:8081\nhttp://${y.user}:${y.pass}@gw.example:8081\n`,
    );
    const template = await get(
      `template=${encodeURIComponent('{protocol} {host}:{port} {user}:{pass} {country}/{city} [{note}]')}`,
    );
    expect(template.body).toBe(
      `HTTP gw.example:8081 ${x.user}:${x.pass} FR/Paris [shop, "fr" line]\nSOCKS5 gw.example:1080 ${y.user}:${y.pass} DE/Munich []\n`,
    );
    expect(template.file).toBe('attachment; filename="proxies.txt"');
    const csv = await get('format=csv');
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'host,port,user,pass,protocol,socks_port,http_port,id,ip,country,region,city,isp,zip,end_time,note',
    );
    expect(csv.body.split('\r\n')[1]).toMatch(
      new RegExp(`^gw\\.example,8081,${x.user},${x.pass},HTTP,1080,8081,.*,"shop, ""fr"" line"$`),
    );
    const json = JSON.parse((await get('format=json')).body) as Record<string, unknown>[];
    expect(json).toHaveLength(2);
    expect(json[0]).toMatchObject({ host: 'gw.example', port: 8081, user: x.user, pass: x.pass, country: 'FR' });
  });

  it('refuses an unknown placeholder, an unknown format, and both or neither', async () => {
    const { apiKey } = await twoRentals();
    const call = customerCall(t, apiKey);
    for (const query of ['template=%7Bpassword%7D', 'format=xml', 'format=csv&template=%7Bhost%7D', '']) {
      const response = await call.get(`/api/proxy/export?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('a pull link answers the current list as plain text without a header, and 404 once revoked', async () => {
    const { apiKey, first, second } = await twoRentals();
    const call = customerCall(t, apiKey);
    const created = await call.post('/api/proxy/export-links', { template: '{host}:{port}:{user}:{pass}' });
    expect(created.statusCode).toBe(200);
    const { url, link } = created.json<{ url: string; link: { id: number; hint: string } }>();
    expect(url).toMatch(/^https:\/\/portal\.example\/api\/pull\/[A-Za-z0-9_-]{32}$/);
    const path = new URL(url).pathname;
    const pull = () => t.app.inject({ method: 'GET', url: path });
    const before = await pull();
    expect(before.headers['content-type']).toMatch(/^text\/plain/);
    expect(before.body.split('\n').filter(Boolean)).toHaveLength(2);

    const third = await rented({}, apiKey);
    expect((await pull()).body).toContain(third.user);
    await t.database.db.update(rentals).set({ status: 'expired' }).where(eq(rentals.id, first.rentalId));
    const after = (await pull()).body;
    expect(after).not.toContain(first.user);
    expect(after).toContain(second.user);

    const list = (await call.get('/api/proxy/export-links')).json<{ links: { id: number; hint: string }[] }>().links;
    expect(list.map((l) => l.id)).toContain(link.id);
    expect(JSON.stringify(list)).not.toContain(path.split('/').pop());

    const stranger = await fundedCustomer(t, 0);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/proxy/export-links/${link.id}`,
      headers: { 'x-api-key': stranger.apiKey },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await pull()).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/proxy/export-links/${link.id}`,
      headers: { 'x-api-key': apiKey },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await pull()).statusCode).toBe(404);
    expect((await call.get('/api/proxy/export-links')).json<{ links: unknown[] }>().links).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/pull/not-a-link' })).statusCode).toBe(404);
  });
});

describe('usage per hour', () => {
  type Usage = { hour: string; bytes_up: number; bytes_down: number }[];
  const usage = async (apiKey: string, proxyId: number) =>
    (await customerCall(t, apiKey).get(`/api/proxy/usage?proxy_id=${proxyId}`)).json<{ usage: Usage }>().usage;
  const totals = async (rentalId: number) => {
    const [row] = await t.database.db.select().from(rentals).where(eq(rentals.id, rentalId));
    return { up: row!.bytesUp, down: row!.bytesDown };
  };
  const sumOfHours = (hours: Usage) =>
    hours.reduce((acc, h) => ({ up: acc.up + h.bytes_up, down: acc.down + h.bytes_down }), { up: 0, down: 0 });

  it('keeps hourly buckets that add up to the rental totals', async () => {
    const rental = await rented();
    const store = new CredentialStore(databaseUsage(t.database.db), t.clock);
    try {
      store.countTraffic(rental.rentalId, 100, 2000);
      await store.flushTraffic();
      t.clock.advance(3_600_000);
      store.countTraffic(rental.rentalId, 50, 700);
      await store.flushTraffic();
      store.countTraffic(rental.rentalId, 1, 1);
      await store.flushTraffic();
    } finally {
      await store.close();
    }
    const hours = await usage(rental.apiKey, rental.proxyId);
    expect(hours.map((h) => [h.bytes_up, h.bytes_down])).toEqual([
      [100, 2000],
      [51, 701],
    ]);
    expect(Date.parse(hours[1]!.hour) - Date.parse(hours[0]!.hour)).toBe(3_600_000);
    expect(sumOfHours(hours)).toEqual(await totals(rental.rentalId));
  });

  it('counts an open tunnel while it is open, and the buckets still add up after it closes', async () => {
    const rental = await rented();
    await until(() => gateway.store.authorize(rental.user, rental.pass) !== null);
    const tunnel = await connectTunnel(gateway.httpPort, basic(rental.user, rental.pass), `127.0.0.1:${origin.port}`);
    tunnel.socket!.write('GET /live HTTP/1.1\r\nHost: origin\r\n\r\n');
    await until(async () => {
      await gateway.store.flushTraffic();
      return (await totals(rental.rentalId)).down > 0;
    });
    const live = await totals(rental.rentalId);
    expect(live.up).toBeGreaterThan(20);
    tunnel.socket!.destroy();
    await until(() => gateway.store.openConnections(rental.rentalId) === 0);
    await gateway.store.flushTraffic();
    const hours = await usage(rental.apiKey, rental.proxyId);
    expect(sumOfHours(hours)).toEqual(await totals(rental.rentalId));
  });

  it("is refused for another customer's proxy", async () => {
    const rental = await rented();
    const stranger = await fundedCustomer(t, 0);
    expect((await customerCall(t, stranger.apiKey).get(`/api/proxy/usage?proxy_id=${rental.proxyId}`)).statusCode).toBe(
      404,
    );
  });
});
