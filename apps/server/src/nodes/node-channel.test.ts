import type { AddressInfo } from 'node:net';
import type { NodeStreamMessage, Probe } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes, proxies, rentalActivity, rentalIpAuth, rentals, rentalSources, rentalUsage } from '../db/schema';
import { checkConnected } from '../jobs/health-check';
import { createGatewayProvisioner } from '../rentals/provisioner';
import { clearSources } from '../rentals/sources-repository';
import { buildTestApp, customerCall, lifecycleOf, type TestApp } from '../../test/helper';
import { connectedRentalRow } from '../../test/live-rental-kit';
import { insertNode, runProbeAsNode, TestNode } from '../../test/node-client';
import { sharedOrigin, startOrigin } from '../../test/origin';
import { fetchThroughNode, NodeOfflineError } from './node-probes';

let t: TestApp;
let base: string;

async function listening(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

/** A connected rental whose proxy the node serves. */
async function rentalOnNode(nodeId: number | null, upstream = 'direct') {
  const row = await connectedRentalRow(t, upstream);
  await t.database.db.update(proxies).set({ nodeId }).where(eq(proxies.id, row.proxyId));
  return row;
}

async function newNode(name: string) {
  const node = await insertNode(t.database.db, name, t.clock.now());
  return { ...node, client: new TestNode(base, node.token) };
}

const REPORT = {
  version: '1.0.0',
  socksPort: 1080,
  httpPort: 8081,
  tlsPort: null,
  openConnections: 0,
  bytesUp: 0,
  bytesDown: 0,
};

const isRental = (username: string) => (m: NodeStreamMessage) => m.type === 'rental' && m.access.username === username;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listening(t);
});

afterAll(async () => {
  await t.close();
});

describe('node calls: the token', () => {
  it('refuses a call without a token, with a wrong one, and with a revoked one (401)', async () => {
    const node = await newNode('auth');
    const report = REPORT;
    const bare = await fetch(`${base}/api/node/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
    });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({
      success: false,
      code: 'NODE_TOKEN_INVALID',
      message: expect.any(String),
    });
    expect((await new TestNode(base, 'not-a-token').report(report)).status).toBe(401);
    expect((await new TestNode(base, 'not-a-token').stream()).status).toBe(401);

    const answer = await node.client.report({
      ...report,
      tlsPort: 8443,
      openConnections: 3,
      bytesUp: 10,
      bytesDown: 20,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        success: true,
        node: { id: node.id, name: 'auth', host: 'auth.example.net' },
        serverTime: t.clock.now().toISOString(),
      },
    });
    const [row] = await t.database.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row).toMatchObject({ version: '1.0.0', socksPort: 1080, httpPort: 8081, tlsPort: 8443, openConnections: 3 });
    // A report is not contact: only an open stream hears of cuts, so only a stream marks it seen.
    expect(row?.lastSeenAt).toBeNull();

    await t.database.db.update(nodes).set({ revokedAt: t.clock.now() }).where(eq(nodes.id, node.id));
    expect((await node.client.report(report)).status).toBe(401);
  });

  it('closes the stream of a node revoked (node_revoked) at once, and its next call gets 401', async () => {
    const node = await newNode('revoked');
    const stream = await node.client.stream();
    await stream.next((m) => m.type === 'snapshot');
    await t.database.db.update(nodes).set({ revokedAt: t.clock.now() }).where(eq(nodes.id, node.id));
    await t.database.db.execute(sql`SELECT pg_notify('node_revoked', ${String(node.id)})`);
    await Promise.race([
      stream.ended,
      new Promise((_, fail) => setTimeout(() => fail(new Error('the stream stayed open')), 1000)),
    ]);
    expect((await node.client.stream()).status).toBe(401);
  });

  it('keeps two streams of one node at most: a third ends the oldest', async () => {
    const node = await newNode('flood');
    const ended = (stream: { ended: Promise<void> }) =>
      Promise.race([stream.ended.then(() => true), new Promise((done) => setTimeout(() => done(false), 1000))]);
    const first = await node.client.stream();
    await first.next((m) => m.type === 'snapshot');
    const second = await node.client.stream();
    await second.next((m) => m.type === 'snapshot');
    expect(await ended(first)).toBe(false);
    const third = await node.client.stream();
    await third.next((m) => m.type === 'snapshot');
    expect(await ended(first)).toBe(true);
    expect(await ended(second)).toBe(false);
    second.close();
    third.close();
  });
});

describe('node stream', () => {
  it("starts with a snapshot of this node's rentals only, then tells each change within a second", async () => {
    const alpha = await newNode('alpha');
    const beta = await newNode('beta');
    const mine = await rentalOnNode(alpha.id);
    const refunded = await rentalOnNode(alpha.id);
    const theirs = await rentalOnNode(beta.id);
    const shops = await rentalOnNode(null);
    await t.database.db
      .insert(rentalIpAuth)
      .values({ port: 20001, rentalId: mine.id, ips: ['203.0.113.9'], createdAt: t.clock.now() });

    const a = await alpha.client.stream();
    const b = await beta.client.stream();
    expect(a.status).toBe(200);
    expect(a.contentType).toContain('application/x-ndjson');
    const snapshot = await a.next((m): m is Extract<NodeStreamMessage, { type: 'snapshot' }> => m.type === 'snapshot');
    expect(a.messages[0]?.type).toBe('snapshot');
    expect(snapshot.rentals.map((r) => r.username).sort()).toEqual([mine.username, refunded.username].sort());
    expect(snapshot.rentals.find((r) => r.username === mine.username)).toEqual({
      rentalId: mine.id,
      proxyId: mine.proxyId,
      username: mine.username,
      password: mine.password,
      status: 'connected',
      endTime: mine.endTime.toISOString(),
      upstream: 'direct',
      proxyEnabled: true,
      maxConnections: null,
      maxSourceIps: null,
      sourcesClearedAt: null,
    });
    expect(snapshot.ipAuth).toEqual([
      { port: 20001, rentalId: mine.id, username: mine.username, ips: ['203.0.113.9'] },
    ]);
    expect(snapshot.settings).toEqual({
      rentalMaxConnections: t.config.gateway.rentalMaxConnections,
      rentalMaxSourceIps: t.config.gateway.rentalMaxSourceIps,
      sourceWindowMs: t.config.gateway.sourceWindowMs,
    });
    await b.next((m) => m.type === 'snapshot');

    const db = t.database.db;
    await db.update(rentals).set({ password: 'a-new-password' }).where(eq(rentals.id, mine.id));
    expect(
      await a.next((m) => isRental(mine.username)(m) && m.type === 'rental' && m.access.password === 'a-new-password'),
    ).toBeTruthy();

    const later = new Date(mine.endTime.getTime() + 3_600_000);
    await db.update(rentals).set({ endTime: later }).where(eq(rentals.id, mine.id));
    await a.next((m) => m.type === 'rental' && m.access.endTime === later.toISOString());

    await db
      .update(rentalIpAuth)
      .set({ ips: ['203.0.113.10'] })
      .where(eq(rentalIpAuth.rentalId, mine.id));
    await a.next((m) => m.type === 'ipAuth' && m.entry?.ips[0] === '203.0.113.10');
    await db.delete(rentalIpAuth).where(eq(rentalIpAuth.rentalId, mine.id));
    await a.next((m) => m.type === 'ipAuth' && m.rentalId === mine.id && m.entry === null);

    await db.transaction((tx) => clearSources(tx, mine.id, t.clock.now()));
    await a.next((m) => m.type === 'sourcesCleared' && m.rentalId === mine.id);

    await db.update(rentals).set({ status: 'refunded', endedAt: t.clock.now() }).where(eq(rentals.id, refunded.id));
    await a.next((m) => m.type === 'forget' && m.username === refunded.username);

    // Changes of rentals elsewhere reach no other node.
    await db.update(rentals).set({ password: 'theirs-changed' }).where(eq(rentals.id, theirs.id));
    await db.update(rentals).set({ password: 'shops-changed' }).where(eq(rentals.id, shops.id));
    await b.next((m) => m.type === 'rental' && m.access.password === 'theirs-changed');

    // The proxy moves to the other node: one forgets the rental, the other serves it.
    await db.update(proxies).set({ nodeId: beta.id }).where(eq(proxies.id, mine.proxyId));
    await a.next((m) => m.type === 'forget' && m.username === mine.username);
    await b.next(isRental(mine.username));

    const told = JSON.stringify(a.messages);
    expect(told).not.toContain(theirs.username);
    expect(told).not.toContain(shops.username);
    expect(JSON.stringify(b.messages)).not.toContain(shops.username);
    expect(a.unreadable).toEqual([]);
    a.close();
    b.close();
  });
});

describe('node usage', () => {
  it('applies a batch once, counts only rentals of the node, and records their activity', async () => {
    const gamma = await newNode('gamma');
    const other = await newNode('delta');
    const mine = await rentalOnNode(gamma.id);
    const theirs = await rentalOnNode(other.id);
    const hour = new Date(Math.floor(t.clock.now().getTime() / 3_600_000) * 3_600_000).toISOString();
    const batch = {
      batch: 1,
      at: t.clock.now().toISOString(),
      entries: [
        { rentalId: mine.id, hour, up: 100, down: 200 },
        { rentalId: mine.id, hour, up: 1, down: 2 },
        { rentalId: theirs.id, hour, up: 5, down: 5 },
      ],
      active: [mine.id, theirs.id],
    };
    expect(await gamma.client.usage(batch)).toEqual({ status: 200, body: { success: true, applied: true } });
    expect(await gamma.client.usage(batch)).toEqual({ status: 200, body: { success: true, applied: false } });

    const totals = async (id: number) => (await t.database.db.select().from(rentals).where(eq(rentals.id, id)))[0]!;
    expect(await totals(mine.id)).toMatchObject({ bytesUp: 101, bytesDown: 202 });
    expect(await totals(theirs.id)).toMatchObject({ bytesUp: 0, bytesDown: 0 });
    const usage = await t.database.db.select().from(rentalUsage).where(eq(rentalUsage.rentalId, mine.id));
    expect(usage.map((row) => [row.hour.toISOString(), row.bytesUp, row.bytesDown])).toEqual([[hour, 101, 202]]);
    const active = await t.database.db.select().from(rentalActivity);
    expect(active.map((row) => row.rentalId)).toContain(mine.id);
    expect(active.map((row) => row.rentalId)).not.toContain(theirs.id);

    // Another number of the same node counts; the same number of another node is its own.
    expect((await gamma.client.usage({ ...batch, batch: 2, entries: [batch.entries[0]!] })).body).toMatchObject({
      applied: true,
    });
    expect(await totals(mine.id)).toMatchObject({ bytesUp: 201, bytesDown: 402 });
    expect((await other.client.usage({ ...batch, entries: [] })).body).toMatchObject({ applied: true });

    // A node reinstalled with an empty DATA_DIR (or a second server on its token) numbers from 1
    // again in a journal of its own: its batches count, and each is still applied once.
    const reinstalled = { ...batch, journal: '7b0c9d52-3f7e-4a51-9a7e-2d8f0c1b6e44', entries: [batch.entries[0]!] };
    expect((await gamma.client.usage(reinstalled)).body).toMatchObject({ applied: true });
    expect((await gamma.client.usage(reinstalled)).body).toMatchObject({ applied: false });
    expect(await totals(mine.id)).toMatchObject({ bytesUp: 301, bytesDown: 602 });
  });

  it("keeps the addresses a node settled for its rentals, for the renter's list, and gives them back in the snapshot", async () => {
    const node = await newNode('lists');
    const other = await newNode('lists-other');
    const mine = await rentalOnNode(node.id);
    const theirs = await rentalOnNode(other.id);
    const at = (secondsAgo: number) => new Date(t.clock.now().getTime() - secondsAgo * 1000).toISOString();
    const sighting = (rentalId: number, source: string, first: number, last: number) => ({
      rentalId,
      source,
      firstSeen: at(first),
      lastSeen: at(last),
    });
    const batch = (n: number, sources: ReturnType<typeof sighting>[]) => ({
      batch: n,
      at: at(0),
      entries: [],
      active: [],
      sources,
    });
    expect(
      (
        await node.client.usage(
          batch(1, [sighting(mine.id, '203.0.113.7', 60, 30), sighting(theirs.id, '203.0.113.8', 60, 30)]),
        )
      ).body,
    ).toMatchObject({ applied: true });
    // Seen again later: the first sighting stays the first, the last moves on.
    await node.client.usage(batch(2, [sighting(mine.id, '203.0.113.7', 10, 5)]));
    const listOf = (rentalId: number) =>
      t.database.db.select().from(rentalSources).where(eq(rentalSources.rentalId, rentalId));
    expect(
      (await listOf(mine.id)).map((row) => [row.source, row.firstSeen.toISOString(), row.lastSeen.toISOString()]),
    ).toEqual([['203.0.113.7', at(60), at(5)]]);
    // Not this node's rental: nothing kept.
    expect(await listOf(theirs.id)).toEqual([]);
    // The renter clears the list; a batch from before the clear, delivered late, brings nothing back.
    await t.database.db.transaction((tx) => clearSources(tx, mine.id, new Date(at(4))));
    await node.client.usage(batch(3, [sighting(mine.id, '203.0.113.7', 60, 5)]));
    expect(await listOf(mine.id)).toEqual([]);
    await node.client.usage(
      batch(4, [sighting(mine.id, '203.0.113.7', 60, 3), sighting(mine.id, '203.0.113.9', 3, 2)]),
    );
    expect((await listOf(mine.id)).map((row) => row.source).sort()).toEqual(['203.0.113.7', '203.0.113.9']);

    const stream = await node.client.stream();
    const snapshot = await stream.next(
      (m): m is Extract<NodeStreamMessage, { type: 'snapshot' }> => m.type === 'snapshot',
    );
    expect(snapshot.sources).toEqual([sighting(mine.id, '203.0.113.7', 60, 3), sighting(mine.id, '203.0.113.9', 3, 2)]);
    expect(snapshot.rentals.find((r) => r.rentalId === mine.id)?.sourcesClearedAt).toBe(at(4));
    stream.close();
  });
});

describe('probes', () => {
  it('runs a health check through the node holding the stream in another API process', async () => {
    const origin = await sharedOrigin();
    const second = await buildTestApp({ database: t.database });
    const secondBase = await listening(second);
    try {
      const epsilon = await newNode('epsilon');
      const healthy = await rentalOnNode(epsilon.id);
      const broken = await rentalOnNode(epsilon.id, 'socks5://127.0.0.1:1');
      const seen: Probe[] = [];
      // The stream is held by the first process; answers go to the second, as a balancer may send them.
      const answering = new TestNode(secondBase, epsilon.token);
      const stream = await epsilon.client.stream(async (probe) => {
        seen.push(probe);
        const result = await runProbeAsNode(probe);
        await answering.answer(probe.id, result);
        return result;
      });
      await stream.next((m) => m.type === 'snapshot');
      const provisioner = createGatewayProvisioner(second.database.db, `${origin.url}/healthz`, 2000, second.clock);
      await checkConnected(await lifecycleOf(second, provisioner));

      // The broken upstream's failure is confirmed by the same request from the node without it.
      expect(seen.map((probe) => probe.upstream).sort()).toEqual(['direct', 'direct', 'socks5://127.0.0.1:1']);
      expect(seen.every((probe) => probe.kind === 'fetch' && probe.url === `${origin.url}/healthz`)).toBe(true);
      const proxyOf = async (id: number) => (await t.database.db.select().from(proxies).where(eq(proxies.id, id)))[0]!;
      expect(await proxyOf(healthy.proxyId)).toMatchObject({ failingSince: null });
      expect((await proxyOf(healthy.proxyId)).lastCheckedAt).not.toBeNull();
      expect((await proxyOf(broken.proxyId)).lastUnavailableAt).not.toBeNull();
      stream.close();
    } finally {
      await second.close();
    }
  });

  it('records nothing when the check target does not answer the node without the upstream either', async () => {
    const origin = await startOrigin();
    const iota = await newNode('iota');
    const broken = await rentalOnNode(iota.id, 'socks5://127.0.0.1:1');
    const seen: string[] = [];
    const stream = await iota.client.stream(async (probe) => {
      seen.push(probe.upstream);
      return runProbeAsNode(probe);
    });
    await stream.next((m) => m.type === 'snapshot');
    await origin.close();
    try {
      const provisioner = createGatewayProvisioner(t.database.db, `${origin.url}/healthz`, 2000, t.clock);
      const health = await checkConnected(await lifecycleOf(t, provisioner));
      // The other tests' rentals are checked too, and none of their checks can run either.
      expect(health.unavailable).toBe(0);
      expect(seen.sort()).toEqual(['direct', 'socks5://127.0.0.1:1']);
      const [proxy] = await t.database.db.select().from(proxies).where(eq(proxies.id, broken.proxyId));
      expect(proxy).toMatchObject({ lastUnavailableAt: null, failingSince: null });
      const [row] = await t.database.db.select().from(rentals).where(eq(rentals.id, broken.id));
      expect(row?.unavailableAt).toBeNull();
    } finally {
      stream.close();
    }
  });

  it("fails the checks of a revoked node's rentals, so they can be replaced and refunded as the terms allow", async () => {
    const kappa = await newNode('kappa');
    const rental = await rentalOnNode(kappa.id);
    await t.database.db.update(nodes).set({ revokedAt: t.clock.now() }).where(eq(nodes.id, kappa.id));
    const origin = await sharedOrigin();
    const provisioner = createGatewayProvisioner(t.database.db, `${origin.url}/healthz`, 2000, t.clock);
    await checkConnected(await lifecycleOf(t, provisioner));
    const [proxy] = await t.database.db.select().from(proxies).where(eq(proxies.id, rental.proxyId));
    expect(proxy?.lastUnavailableAt).not.toBeNull();
    const [row] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
    expect(row?.unavailableAt).not.toBeNull();
    const refund = await customerCall(t, rental.apiKey).post('/api/refund-by-id', { proxy_id: rental.proxyId });
    expect(refund.json()).toMatchObject({ success: true, status: 'refunded' });
  });

  it('fails fast for an offline node, and a health check it could not run records nothing', async () => {
    const zeta = await newNode('zeta');
    const rental = await rentalOnNode(zeta.id);
    await expect(
      fetchThroughNode({ db: t.database.db, clock: t.clock }, zeta.id, {
        upstream: 'direct',
        url: 'http://127.0.0.1:9/',
        timeoutMs: 1000,
      }),
    ).rejects.toBeInstanceOf(NodeOfflineError);

    const origin = await sharedOrigin();
    const provisioner = createGatewayProvisioner(t.database.db, `${origin.url}/healthz`, 2000, t.clock);
    await checkConnected(await lifecycleOf(t, provisioner));
    const [proxy] = await t.database.db.select().from(proxies).where(eq(proxies.id, rental.proxyId));
    expect(proxy).toMatchObject({ lastCheckedAt: null, lastUnavailableAt: null, failingSince: null });
    const [row] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
    expect(row).toMatchObject({ unavailableAt: null, checkLeaseUntil: null });

    // A refund's live check cannot run either: the request is refused and not used up.
    const refund = await customerCall(t, rental.apiKey).post('/api/refund-by-id', { proxy_id: rental.proxyId });
    expect(refund.statusCode).toBe(503);
    expect(refund.json()).toMatchObject({ code: 'NODE_OFFLINE' });
    const [after] = await t.database.db.select().from(rentals).where(eq(rentals.id, rental.id));
    expect(after?.refundRequestedAt).toBeNull();
  });

  it('fails as offline when the node reported lately but no process holds its stream', async () => {
    const eta = await newNode('eta');
    await eta.client.report(REPORT);
    await expect(
      fetchThroughNode({ db: t.database.db, clock: t.clock }, eta.id, {
        upstream: 'direct',
        url: 'http://127.0.0.1:9/',
        timeoutMs: 1000,
      }),
    ).rejects.toThrow('the node is offline');
  });
});

describe('node calls: guessing', () => {
  it('refuses an address after 20 wrong tokens in a minute (429), the right token included', async () => {
    // An API process of its own: the wrong tokens of the tests above are not counted in it.
    const fresh = await buildTestApp({ database: t.database });
    try {
      const freshBase = await listening(fresh);
      const theta = await insertNode(t.database.db, 'theta', t.clock.now());
      const batch = { batch: 1, at: t.clock.now().toISOString(), entries: [], active: [] };
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await new TestNode(freshBase, `guess-${i}`).usage(batch)).status);
      expect(statuses).toEqual(Array.from({ length: 20 }, () => 401));
      const refused = await new TestNode(freshBase, theta.token).usage(batch);
      expect(refused).toMatchObject({ status: 429, body: { code: 'NODE_AUTH_RATE_LIMITED' } });
    } finally {
      await fresh.close();
    }
  });
});
