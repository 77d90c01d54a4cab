import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerCall, fundedCustomer, json } from '../../test/helper';
import { socksUpstream } from '../../test/socks-upstream';
import { udpEcho } from '../../test/udp-echo';
import { discoveryApp, discoveryDeps, discoveryKit, importText, proxyRow } from '../../test/discovery-kit';
import { checkNow, runDiscoveryRound } from './discovery-service';

const kit = discoveryKit();
let echo: Awaited<ReturnType<typeof udpEcho>>;
let noUdp: Awaited<ReturnType<typeof socksUpstream>>;

beforeAll(async () => {
  echo = await udpEcho();
  noUdp = await socksUpstream(0, { udp: false });
});
afterAll(async () => {
  await noUdp.stop();
  await echo.close();
});

describe('the UDP check of discovery', () => {
  it('marks an upstream that relays UDP true and ones that refuse it false, and the catalogue shows it', async () => {
    kit.exitIp = '8.8.8.8';
    const t = await discoveryApp(kit, { UDP_CHECK_TARGET: `127.0.0.1:${echo.port}`, DISCOVERY_TIMEOUT_SECONDS: '1' });
    const relays = await socksUpstream();
    const imported = await importText(t, [relays.url, noUdp.url, kit.httpProxy.url].join('\n'));
    expect(imported.statusCode, imported.body).toBe(200);
    const [passes, refuses, http] = json<{ ids: number[] }>(imported).ids;
    const before = echo.received();
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, passes!)).toMatchObject({ discovery: 'listed', udp: true });
    expect(await proxyRow(t, refuses!)).toMatchObject({ discovery: 'listed', udp: false });
    expect(await proxyRow(t, http!)).toMatchObject({ discovery: 'listed', udp: false });
    // The query really went through: the echo saw it (once or twice, as a lost datagram is asked again).
    expect(echo.received()).toBeGreaterThan(before);

    // A `direct` proxy: the query leaves from the gateway's address (HOST) itself.
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies',
      headers: { authorization: `Bearer ${t.token}` },
      payload: { proxies: [{ upstream: 'direct', ip: '192.0.2.50', port: 1 }] },
    });
    expect(direct.statusCode, direct.body).toBe(200);
    const [directId] = json<{ ids: number[] }>(direct).ids;
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, directId!)).toMatchObject({ udp: true });

    const customer = await fundedCustomer(t, 1000);
    const list = json<{ proxies: { id: number; udp: boolean | null }[] }>(
      await customerCall(t, customer.apiKey).get('/api/proxy/list'),
    );
    const udpOf = (id: number) => list.proxies.find((proxy) => proxy.id === id)?.udp;
    expect([udpOf(passes!), udpOf(refuses!), udpOf(http!)]).toEqual([true, false, false]);

    // An upstream whose UDP stops passing is marked false at its next look (Check now here).
    await relays.stop();
    const restarted = await socksUpstream(relays.port, { udp: false });
    await checkNow(discoveryDeps(t), [passes!]);
    expect(await proxyRow(t, passes!)).toMatchObject({ discovery: 'listed', udp: false });
    await restarted.stop();
    await t.close();
  });

  it('leaves udp unknown (null) while UDP_CHECK_TARGET is off', async () => {
    kit.exitIp = '8.8.8.8';
    const t = await discoveryApp(kit);
    const [id] = json<{ ids: number[] }>(await importText(t, kit.httpProxy.url)).ids;
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, id!)).toMatchObject({ discovery: 'listed', udp: null });
    await t.close();
  });
});
