import { describe, expect, it } from 'vitest';
import { proxies } from '../db/schema';
import { adminToken, customerCall, fundedCustomer, json } from '../../test/helper';
import { closedPort, socksUpstream } from '../../test/socks-upstream';
import { startFake } from '../../test/fakes/http-fake';
import { startOrigin } from '../../test/origin';
import {
  catalogueSumid,
  discoveryApp,
  discoveryDeps,
  discoveryKit,
  importText,
  proxyRow,
} from '../../test/discovery-kit';
import { runDiscoveryRound } from './discovery-service';

const kit = discoveryKit();

/** An app asking the plain-text echo for exits and a fake IPQS (score 10), with the SOCKS upstream imported. */
async function socksBehindEchoWithIpqs() {
  const ipqs = await startFake(() => ({ status: 200, body: { success: true, fraud_score: 10 } }));
  const t = await discoveryApp(kit, { IPQS_API_KEY: 'test-key', IPQS_URL: ipqs.url, EXIT_IP_URL: kit.echo.url });
  const [id] = json<{ ids: number[] }>(await importText(t, kit.socks.url)).ids;
  return { ipqs, t, id: id! };
}

describe('plain-text import', () => {
  it('reads every format, skips comments and blank lines, reports duplicates and waits for discovery', async () => {
    const t = await discoveryApp(kit);
    const port = kit.socks.port;
    const text = [
      '# bought from upstream seller, batch 7',
      `127.0.0.1:${port}:user:pass`,
      '',
      `127.0.0.1:${port + 1}`,
      `user:pass@127.0.0.1:${port + 2}`,
      `socks5://user:pass@127.0.0.1:${port + 3}`,
      `http://user:p%40ss:w@127.0.0.1:${port + 4}`,
      `127.0.0.1:${port}:user:pass`,
    ].join('\n');
    const response = await importText(t, text, '?protocol=socks5&type=residential');
    expect(response.statusCode).toBe(200);
    const body = json<{ added: number; ids: number[]; duplicates: { row: number }[]; checking: number }>(response);
    expect(body.added).toBe(5);
    expect(body.checking).toBe(5);
    expect(body.duplicates).toEqual([{ row: 8, upstream: `socks5 127.0.0.1:${port}` }]);
    const stored = await Promise.all(body.ids.map((id) => proxyRow(t, id)));
    expect(stored.map((r) => r.upstream)).toEqual([
      `socks5://user:pass@127.0.0.1:${port}`,
      `socks5://127.0.0.1:${port + 1}`,
      `socks5://user:pass@127.0.0.1:${port + 2}`,
      `socks5://user:pass@127.0.0.1:${port + 3}`,
      `http://user:p%40ss%3Aw@127.0.0.1:${port + 4}`,
    ]);
    expect(stored.every((r) => r.discovery === 'checking' && r.type === 'residential')).toBe(true);
    expect(stored[4]?.protocol).toBe('HTTP');
    // A second import of the same line is a duplicate, not a second proxy.
    const again = json<{ added: number; duplicates: unknown[] }>(
      await importText(t, `127.0.0.1:${port}:user:pass`, '?protocol=socks5'),
    );
    expect(again).toMatchObject({ added: 0, duplicates: [{ row: 1 }] });
    await t.close();
  });

  it('refuses a bad line by its number and stores nothing', async () => {
    const t = await discoveryApp(kit);
    const response = await importText(t, `# list\n127.0.0.1:1080\n\nnot a proxy line\n127.0.0.1:99999\n`);
    expect(response.statusCode).toBe(400);
    const body = json<{ error: string; problems: { row: number }[] }>(response);
    expect(body.problems.map((p) => p.row)).toEqual([4, 5]);
    expect(body.error).toMatch(/^Row 4, line:/);
    expect(await t.database.db.select().from(proxies)).toHaveLength(0);
    await t.close();
  });
});

describe('plain-text import of bracketed hosts', () => {
  it('refuses a bracketed host that is no IPv6 address with a 400 naming the line, storing nothing', async () => {
    const t = await discoveryApp(kit);
    for (const line of [
      'socks5://u:Bracket-Pw@[:::::]:1080',
      '[1.2.3.4]:1080:user:pass',
      '[::ffff:1.2.3.4.5]:1080',
      'http://u:p@[fffff::1]:1080',
    ]) {
      const response = await importText(t, `127.0.0.1:1080\n${line}\n`);
      expect(response.statusCode, line).toBe(400);
      expect(json<{ error: string }>(response).error, line).toMatch(
        /^Row 2, line: .* is not a host name or IP address/,
      );
      expect(response.body).not.toContain('Bracket-Pw');
    }
    expect(await importText(t, 'socks5://u:p@[2001:db8::1]:1080\n[::1]:1081:user:pass')).toMatchObject({
      statusCode: 200,
    });
    expect(await t.database.db.select().from(proxies)).toHaveLength(2);
    await t.close();
  });
});

describe('discovery through the upstream', () => {
  it('gives SOCKS5 and HTTP upstreams their exit IP, location and ISP, then lists them', async () => {
    kit.exitIp = '8.8.8.8';
    const t = await discoveryApp(kit);
    const before = await catalogueSumid(t);
    const body = json<{ ids: number[] }>(
      await importText(
        t,
        `${kit.socks.url.replace('socks5://', '')}\nhttp://user:pass@127.0.0.1:${kit.httpProxy.port}`,
        '?protocol=socks5',
      ),
    );
    const customer = await fundedCustomer(t, 1000);
    const listed = () => customerCall(t, customer.apiKey).get('/api/proxy/list');
    expect(json<{ proxies: unknown[] }>(await listed()).proxies).toHaveLength(0);

    const round = await runDiscoveryRound(discoveryDeps(t));
    expect(round.discovered).toBe(2);
    for (const id of body.ids) {
      const found = await proxyRow(t, id);
      expect(found).toMatchObject({
        discovery: 'listed',
        exitIp: '8.8.8.8',
        ip: '8.8.8.8',
        country: 'US',
        isp: 'Google LLC',
      });
      expect(found.sources).toMatchObject({ ip: 'exit', country: 'geo', isp: 'asn', fraud_score: 'unscored' });
      expect(found.latencyMs).not.toBeNull();
    }
    const catalogue = json<{ proxies: { id: number; country: string; ISP: string; ipqualityscore: number }[] }>(
      await listed(),
    );
    expect(catalogue.proxies.map((p) => p.id).sort()).toEqual(body.ids.sort());
    expect(catalogue.proxies[0]).toMatchObject({ country: 'US', ISP: 'Google LLC', ipqualityscore: 0 });
    expect(await catalogueSumid(t)).not.toBe(before);
    await t.close();
  });

  it('keeps what the operator gave and discovers the rest (plain-text echo)', async () => {
    kit.exitIp = '81.2.69.142';
    const t = await discoveryApp(kit, { EXIT_IP_URL: kit.echo.url });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies',
      headers: { authorization: `Bearer ${t.token}` },
      payload: { proxies: [{ upstream: kit.socks.url, country: 'DE', type: 'mobile' }] },
    });
    const [id] = json<{ ids: number[] }>(response).ids;
    await runDiscoveryRound(discoveryDeps(t));
    const found = await proxyRow(t, id!);
    expect(found).toMatchObject({ discovery: 'listed', country: 'DE', type: 'mobile', city: 'Bracknell', zip: 'RG12' });
    expect(found.sources).toMatchObject({ country: 'operator', type: 'operator', city: 'geo' });
    await t.close();
  });

  it('takes score and type from IPQS, and asks once per IP a day', async () => {
    kit.exitIp = '89.160.20.112';
    const ipqs = await startFake(() => ({
      status: 200,
      body: { success: true, fraud_score: 75, connection_type: 'Residential', mobile: false },
    }));
    const t = await discoveryApp(kit, { IPQS_API_KEY: 'test-key', IPQS_URL: ipqs.url, IPQS_MONTHLY_LIMIT: '10' });
    const ids = json<{ ids: number[] }>(await importText(t, `${kit.socks.url}\n${kit.httpProxy.url}`)).ids;
    await runDiscoveryRound(discoveryDeps(t));
    for (const id of ids) {
      expect(await proxyRow(t, id)).toMatchObject({ fraudScore: 75, type: 'residential', country: 'SE' });
    }
    expect(ipqs.requests).toHaveLength(1);
    // A later proxy with the same exit within 24 h is scored from the cache.
    const [later] = json<{ ids: number[] }>(await importText(t, `socks5://user:pass@localhost:${kit.socks.port}`)).ids;
    t.clock.advance(3_600_000);
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, later!)).toMatchObject({ discovery: 'listed', fraudScore: 75, type: 'residential' });
    expect(ipqs.requests).toHaveLength(1);
    expect(ipqs.requests[0]?.path).toMatch(/^\/api\/json\/ip\/test-key\/89\.160\.20\.112\?strictness=1/);
    const status = await t.app.inject({ url: '/api/admin/discovery', headers: { authorization: `Bearer ${t.token}` } });
    expect(json(status)).toMatchObject({ ipqs: { configured: true, used: 1, limit: 10 } });
    await t.close();
    await ipqs.close();
  });

  it('spends no IPQS look-up on an echo that answers junk or a private address, round after round', async () => {
    const { ipqs, t, id } = await socksBehindEchoWithIpqs();
    for (const [answer, reason] of [
      [':::::', /answered :::::, not an IP address/],
      ['1:2::3:4', /answered 1:2::3:4, not a public address/],
      ['10.0.0.1', /answered 10\.0\.0\.1, not a public address/],
      ['127.0.0.1', /not a public address/],
      ['203.0.113.9', /not a public address/],
      // IPv6 documentation prefix of RFC 9637, inside 2000::/3 yet never a host's address.
      ['3fff:0:1::9', /not a public address/],
    ] as const) {
      kit.exitIp = answer;
      for (let round = 0; round < 2; round += 1) {
        await runDiscoveryRound(discoveryDeps(t));
        expect(await proxyRow(t, id), answer).toMatchObject({ discovery: 'failed', exitIp: null });
        expect((await proxyRow(t, id)).failureReason, answer).toMatch(reason);
        // Failed proxies are tried again at the re-check interval: each round is a real look.
        t.clock.advance(t.config.discovery.recheckMs + 1);
      }
    }
    expect(ipqs.requests).toHaveLength(0);
    await t.close();
    await ipqs.close();
  });

  it('stores an IPv6 exit in one spelling, so another spelling of it costs no IPQS look-up', async () => {
    const { ipqs, t, id } = await socksBehindEchoWithIpqs();
    kit.exitIp = '2A00:1450:4001:0:0:0:0:1';
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, id)).toMatchObject({
      discovery: 'listed',
      exitIp: '2a00:1450:4001::1',
      ip: '2a00:1450:4001::1',
    });
    expect(ipqs.requests).toHaveLength(1);
    for (const spelling of ['2a00:1450:4001::0:1', '2a00:1450:4001:0::1']) {
      kit.exitIp = spelling;
      t.clock.advance(t.config.discovery.exitRecheckMs + 1);
      await runDiscoveryRound(discoveryDeps(t));
      expect(await proxyRow(t, id), spelling).toMatchObject({ discovery: 'listed', exitIp: '2a00:1450:4001::1' });
    }
    expect(ipqs.requests).toHaveLength(1);
    await t.close();
    await ipqs.close();
  });

  it('fails with the reason: wrong password, closed port, echo timeout', async () => {
    kit.exitIp = '8.8.8.8';
    const t = await discoveryApp(kit, { EXIT_IP_URL: `${kit.echo.url}/silent`, DISCOVERY_TIMEOUT_SECONDS: '1' });
    const closed = await closedPort();
    const lines = [
      `socks5://user:wrong@127.0.0.1:${kit.socks.port}`,
      `http://user:wrong@127.0.0.1:${kit.httpProxy.port}`,
      `socks5://user:pass@127.0.0.1:${closed}`,
      kit.socks.url,
    ];
    const imported = await importText(t, lines.join('\n'));
    expect(imported.statusCode, imported.body).toBe(200);
    const ids = json<{ ids: number[] }>(imported).ids;
    await runDiscoveryRound(discoveryDeps(t));
    const reasons = await Promise.all(ids.map(async (id) => (await proxyRow(t, id)).failureReason ?? ''));
    expect(reasons[0]).toMatch(/^authentication refused by the upstream/);
    expect(reasons[1]).toMatch(/^authentication refused by the upstream/);
    expect(reasons[2]).toMatch(/^cannot connect/);
    expect(reasons[3]).toMatch(/^timeout/);
    for (const id of ids) expect((await proxyRow(t, id)).discovery).toBe('failed');
    await t.close();
  });

  it('tells an upstream that cannot reach the target from one that refuses its login', async () => {
    const closed = await closedPort();
    const t = await discoveryApp(kit, { EXIT_IP_URL: `http://127.0.0.1:${closed}/` });
    const [id] = json<{ ids: number[] }>(await importText(t, kit.socks.url)).ids;
    await runDiscoveryRound(discoveryDeps(t));
    // The upstream took the login and answered the request "connection refused" (SOCKS5 0x05).
    expect((await proxyRow(t, id!)).failureReason).toMatch(/^cannot connect: .*rejected connection/);
    await t.close();
  });
});

describe('keeping the inventory true', () => {
  it('takes an upstream that went down out after N failed checks and back after it recovers', async () => {
    kit.exitIp = '8.8.8.8';
    const upstream = await socksUpstream();
    const t = await discoveryApp(kit);
    const [id] = json<{ ids: number[] }>(await importText(t, upstream.url)).ids;
    const checks = discoveryDeps(t);
    await runDiscoveryRound(checks);
    expect((await proxyRow(t, id!)).discovery).toBe('listed');
    const listed = await catalogueSumid(t);

    await upstream.stop();
    t.clock.advance(t.config.discovery.recheckMs + 1);
    await runDiscoveryRound(checks);
    expect(await proxyRow(t, id!)).toMatchObject({ discovery: 'listed', consecutiveFailures: 1 });
    t.clock.advance(t.config.discovery.recheckMs + 1);
    await runDiscoveryRound(checks);
    expect(await proxyRow(t, id!)).toMatchObject({ discovery: 'unhealthy', consecutiveFailures: 2 });
    const out = await catalogueSumid(t);
    expect(out).not.toBe(listed);

    const back = await socksUpstream(upstream.port);
    t.clock.advance(t.config.discovery.recheckMs + 1);
    await runDiscoveryRound(checks);
    expect(await proxyRow(t, id!)).toMatchObject({ discovery: 'listed', consecutiveFailures: 0, failureReason: null });
    expect(await catalogueSumid(t)).not.toBe(out);
    await back.stop();
    await t.close();
  });

  it('looks the exit IP up again less often, and a new exit moves the proxy', async () => {
    kit.exitIp = '8.8.8.8';
    const t = await discoveryApp(kit, { EXIT_IP_RECHECK_HOURS: '24' });
    const [id] = json<{ ids: number[] }>(await importText(t, kit.socks.url)).ids;
    const checks = discoveryDeps(t);
    await runDiscoveryRound(checks);
    const first = await catalogueSumid(t);
    kit.exitIp = '81.2.69.142';
    t.clock.advance(t.config.discovery.recheckMs + 1);
    await runDiscoveryRound(checks);
    expect((await proxyRow(t, id!)).exitIp).toBe('8.8.8.8');
    t.clock.advance(24 * 3_600_000);
    await runDiscoveryRound(checks);
    expect(await proxyRow(t, id!)).toMatchObject({
      exitIp: '81.2.69.142',
      ip: '81.2.69.142',
      country: 'GB',
      city: 'Bracknell',
    });
    expect(await catalogueSumid(t)).not.toBe(first);
    await t.close();
  });

  it('never takes a working proxy out because the echo service is unreachable (demo stock)', async () => {
    const t = await discoveryApp(kit, { EXIT_IP_URL: 'http://127.0.0.1:1/' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies',
      headers: { authorization: `Bearer ${t.token}` },
      payload: {
        proxies: [
          {
            ip: '192.0.2.10',
            port: 8000,
            protocol: 'SOCKS5',
            type: 'mobile',
            country: 'US',
            fraud_score: 10,
            upstream: 'direct',
          },
        ],
      },
    });
    const [id] = json<{ ids: number[] }>(response).ids;
    const checks = discoveryDeps(t);
    for (let round = 0; round < 4; round += 1) {
      await runDiscoveryRound(checks);
      t.clock.advance(t.config.discovery.exitRecheckMs + 1);
    }
    expect(await proxyRow(t, id!)).toMatchObject({
      discovery: 'listed',
      ip: '192.0.2.10',
      country: 'US',
      consecutiveFailures: 0,
    });
    t.token = await adminToken(t);
    const checkNow = async () =>
      json(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/proxies/check',
          headers: { authorization: `Bearer ${t.token}` },
          payload: { ids: [id] },
        }),
      );
    expect(await checkNow()).toMatchObject({ results: [{ id, ok: true, state: 'free' }] });

    // Rented, the check says so, as the inventory list does (it had said `free`).
    const customer = await fundedCustomer(t, 1000);
    const bought = await customerCall(t, customer.apiKey).post('/api/proxy/buy', { task: 'up', id, hours: 1 });
    expect(bought.statusCode).toBe(200);
    expect(await checkNow()).toMatchObject({ results: [{ id, ok: true, state: 'rented' }] });
    await t.close();
  });
});

describe('a check target that does not answer the shop either', () => {
  it('takes no proxy out and counts no failure; an upstream down while it answers still counts', async () => {
    kit.exitIp = '8.8.8.8';
    const origin = await startOrigin();
    const upstream = await socksUpstream();
    const t = await discoveryApp(kit, { GATEWAY_CHECK_URL: `${origin.url}/healthz` });
    const [working, dead] = json<{ ids: number[] }>(await importText(t, `${kit.socks.url}\n${upstream.url}`)).ids;
    const checks = discoveryDeps(t);
    await runDiscoveryRound(checks);
    expect((await proxyRow(t, working!)).discovery).toBe('listed');
    expect((await proxyRow(t, dead!)).discovery).toBe('listed');

    await upstream.stop();
    await origin.close();
    for (let round = 0; round < 3; round += 1) {
      t.clock.advance(t.config.discovery.recheckMs + 1);
      await runDiscoveryRound(checks);
    }
    for (const id of [working!, dead!]) {
      expect(await proxyRow(t, id)).toMatchObject({ discovery: 'listed', consecutiveFailures: 0, failingSince: null });
    }
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies/check',
      headers: { authorization: `Bearer ${t.token}` },
      payload: { ids: [working] },
    });
    expect(json(check)).toMatchObject({
      results: [
        { id: working, ok: false, state: 'free', reason: expect.stringContaining('without the upstream either') },
      ],
    });

    await startOrigin(origin.port);
    t.clock.advance(t.config.discovery.recheckMs + 1);
    await runDiscoveryRound(checks);
    expect(await proxyRow(t, working!)).toMatchObject({ discovery: 'listed', consecutiveFailures: 0 });
    expect(await proxyRow(t, dead!)).toMatchObject({ discovery: 'listed', consecutiveFailures: 1 });
    await t.close();
  });
});
