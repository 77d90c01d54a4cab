import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes, proxies } from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/helper';
import { connectedRental, startTestGateway } from '../../test/live-rental-kit';
import { startOrigin } from '../../test/origin';
import type { Gateway } from './gateway';
import { basic, connectTunnel, downloadUntilCut, socksGet, until } from '../../test/gateway-kit';

let t: TestApp;
let gateway: Gateway;
let origin: Awaited<ReturnType<typeof startOrigin>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  origin = await startOrigin();
  gateway = await startTestGateway(t, { privateTargets: 'allow' });
});
afterAll(async () => {
  await gateway.close();
  await origin.close();
  await t.close();
});

async function addNode(name: string): Promise<number> {
  const [row] = await t.database.db
    .insert(nodes)
    .values({ name, host: 'node.example.net', tokenHash: name.padEnd(64, '0'), createdAt: new Date() })
    .returning({ id: nodes.id });
  return row!.id;
}

const target = () => ({ host: '127.0.0.1', port: origin.port });

describe("the shop's own gateway and proxies served by a node", () => {
  it('lets go of a rental whose proxy moves to a node (open tunnels cut), and a restarted gateway never learns it', async () => {
    const rental = await connectedRental(t, gateway.store, 'direct', 3_600_000);
    expect(await socksGet(gateway.socksPort, rental.user, rental.pass, target())).toContain('200 OK');
    const tunnel = await connectTunnel(gateway.httpPort, basic(rental.user, rental.pass), `127.0.0.1:${origin.port}`);
    const cut = downloadUntilCut(tunnel.socket!);
    await until(() => gateway.store.openConnections(rental.id) > 0);

    const nodeId = await addNode('far-away');
    await t.database.db.update(proxies).set({ nodeId }).where(eq(proxies.id, rental.proxyId));
    await cut;
    expect(await until(() => !gateway.store.has(rental.user), 1000)).toBeLessThan(1000);
    await expect(socksGet(gateway.socksPort, rental.user, rental.pass, target())).rejects.toThrow();

    const restarted = await startTestGateway(t, { privateTargets: 'allow' });
    try {
      expect(restarted.store.has(rental.user)).toBe(false);
    } finally {
      await restarted.close();
    }

    // Back on the shop's own gateway: served again.
    await t.database.db.update(proxies).set({ nodeId: null }).where(eq(proxies.id, rental.proxyId));
    expect(await until(() => gateway.store.has(rental.user), 1000)).toBeLessThan(1000);
    expect(await socksGet(gateway.socksPort, rental.user, rental.pass, target())).toContain('200 OK');
  });
});
