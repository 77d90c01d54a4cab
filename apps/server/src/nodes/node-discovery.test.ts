import type { AddressInfo } from 'node:net';
import type { Probe } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes, proxies } from '../db/schema';
import {
  discoveryApp,
  discoveryDeps,
  discoveryKit,
  importText,
  proxyRow,
  type DiscoveryApp,
} from '../../test/discovery-kit';
import { json } from '../../test/helper';
import { insertNode, runProbeAsNode, TestNode } from '../../test/node-client';
import { socksUpstream } from '../../test/socks-upstream';
import { udpEcho } from '../../test/udp-echo';
import { runDiscoveryRound } from '../discovery/discovery-service';
import { NODE_REVOKED } from './node-probes';

const kit = discoveryKit();
let echo: Awaited<ReturnType<typeof udpEcho>>;
let relays: Awaited<ReturnType<typeof socksUpstream>>;
let t: DiscoveryApp;
let base: string;

beforeAll(async () => {
  echo = await udpEcho();
  relays = await socksUpstream();
  t = await discoveryApp(kit, { UDP_CHECK_TARGET: `127.0.0.1:${echo.port}`, DISCOVERY_TIMEOUT_SECONDS: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await relays.stop();
  await echo.close();
});

/** A node connected to the channel that runs every probe it is sent, and the probes it saw. */
async function probingNode(token: string) {
  const seen: Probe[] = [];
  const stream = await new TestNode(base, token).stream((probe) => {
    seen.push(probe);
    return runProbeAsNode(probe);
  });
  await stream.next((m) => m.type === 'snapshot');
  return { seen, stream };
}

describe("discovery of a node's proxy", () => {
  it('looks through the node (exit IP, UDP, Check now), and records nothing while the node is offline', async () => {
    kit.exitIp = '8.8.8.8';
    const node = await insertNode(t.database.db, 'discovering', t.clock.now());
    const imported = await importText(t, relays.url);
    expect(imported.statusCode, imported.body).toBe(200);
    const [id] = json<{ ids: number[] }>(imported).ids;
    await t.database.db.update(proxies).set({ nodeId: node.id }).where(eq(proxies.id, id!));

    const { seen, stream } = await probingNode(node.token);
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, id!)).toMatchObject({ discovery: 'listed', exitIp: '8.8.8.8', udp: true });
    expect(seen.map((probe) => probe.kind).sort()).toEqual(['fetch', 'udp']);
    expect(seen.every((probe) => probe.upstream === relays.url)).toBe(true);

    const checkNow = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/proxies/check',
        headers: { authorization: `Bearer ${t.token}` },
        payload: { ids: [id] },
      });
    const checked = await checkNow();
    expect(checked.json()).toMatchObject({ results: [{ id, ok: true }] });
    expect(seen.filter((probe) => probe.kind === 'fetch').length).toBeGreaterThanOrEqual(3);

    // The node goes away: Check now answers why, and the proxy's record stays as it was.
    stream.close();
    await stream.ended;
    const before = await proxyRow(t, id!);
    const offline = await checkNow();
    expect(offline.json()).toMatchObject({ results: [{ id, ok: false, reason: 'the node is offline' }] });
    expect(await proxyRow(t, id!)).toEqual(before);

    // Revoked, the node serves nothing for good: the proxy fails its re-checks and leaves the catalogue.
    await t.database.db.update(nodes).set({ revokedAt: t.clock.now() }).where(eq(nodes.id, node.id));
    const revoked = await checkNow();
    expect(revoked.json()).toMatchObject({ results: [{ id, ok: false, reason: NODE_REVOKED }] });
    expect(await proxyRow(t, id!)).toMatchObject({ discovery: 'listed', consecutiveFailures: 1 });
    t.clock.advance(t.config.discovery.recheckMs + 1);
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, id!)).toMatchObject({ discovery: 'unhealthy', consecutiveFailures: 2 });
  });

  it('asks what an upstream imported without a scheme speaks through the node, not from the shop', async () => {
    kit.exitIp = '8.8.4.4';
    const node = await insertNode(t.database.db, 'detecting', t.clock.now());
    // An upstream of its own: the first test's address is in the inventory already.
    const relay = await socksUpstream();
    const port = new URL(relay.url).port;
    const imported = await importText(t, `127.0.0.1:${port}:user:pass`);
    expect(imported.statusCode, imported.body).toBe(200);
    const [id] = json<{ ids: number[] }>(imported).ids;
    expect(await proxyRow(t, id!)).toMatchObject({ detectProtocol: true });
    await t.database.db.update(proxies).set({ nodeId: node.id }).where(eq(proxies.id, id!));

    const { seen, stream } = await probingNode(node.token);
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, id!)).toMatchObject({
      discovery: 'listed',
      detectProtocol: false,
      protocol: 'SOCKS5',
      upstream: `socks5://user:pass@127.0.0.1:${port}`,
    });
    // One fetch asked the scheme (as SOCKS5, which answered), one looked up the exit.
    expect(seen.filter((probe) => probe.kind === 'fetch').map((probe) => probe.upstream)).toEqual([
      `socks5://user:pass@127.0.0.1:${port}`,
      `socks5://user:pass@127.0.0.1:${port}`,
    ]);
    stream.close();
    await stream.ended;
    await relay.stop();
  });
});
