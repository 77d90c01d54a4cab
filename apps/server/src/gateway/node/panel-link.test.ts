import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import type { NodeAccess } from '@portal/contract';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, tempDir } from '../../../test/helper';
import { startOrigin } from '../../../test/origin';
import { appliedBytes, startFakePanel, type FakePanel } from '../../../test/fake-panel';
import { startGateway, type Gateway } from '../gateway';
import { downloadUntilCut, socksGet, until } from '../../../test/gateway-kit';
import { SocksClient } from 'socks';
import { PanelClient } from './panel-client';
import { PanelLink } from './panel-link';

const TOKEN = 'node-token-0123456789abcdef';
const GRACE_MS = 900_000;

let origin: Awaited<ReturnType<typeof startOrigin>>;
let panel: FakePanel;
let dir: ReturnType<typeof tempDir>;
const logged: string[] = [];
const log = pino({ level: 'debug' }, { write: (line: string) => void logged.push(line) });
const running: { gateway: Gateway }[] = [];

const access = (rentalId: number, overrides: Partial<NodeAccess> = {}): NodeAccess => ({
  rentalId,
  proxyId: rentalId,
  username: `node-user-${rentalId}`,
  password: `pass-${rentalId}`,
  status: 'connected',
  endTime: new Date(Date.parse('2026-01-15T12:00:00.000Z') + 3_600_000).toISOString(),
  upstream: 'direct',
  proxyEnabled: true,
  maxConnections: null,
  maxSourceIps: null,
  ...overrides,
});

async function startNode(clock: ManualClock, dataDir = dir.dir) {
  const link = new PanelLink({
    client: new PanelClient({ url: panel.url, token: TOKEN }),
    dataDir,
    clock,
    graceMs: GRACE_MS,
    log,
    version: 'test',
    bindHost: '127.0.0.1',
    silenceMs: 1500,
    reportMs: 500,
    backoffMaxMs: 300,
  });
  const gateway = await startGateway({
    link,
    clock,
    log,
    host: '127.0.0.1',
    socksPort: 0,
    httpPort: 0,
    privateTargets: 'allow',
  });
  running.push({ gateway });
  return { link, gateway };
}

const target = () => ({ host: '127.0.0.1', port: origin.port, path: '/healthz' });
const works = (gateway: Gateway, user: string, pass: string) =>
  socksGet(gateway.socksPort, user, pass, target()).then(
    (text) => text.includes('"ok"'),
    () => false,
  );

async function openDownload(gateway: Gateway, user: string, pass: string): Promise<net.Socket> {
  const { socket } = await SocksClient.createConnection({
    proxy: { host: '127.0.0.1', port: gateway.socksPort, type: 5, userId: user, password: pass },
    command: 'connect',
    destination: { host: '127.0.0.1', port: origin.port },
    timeout: 3000,
  });
  return socket;
}

beforeAll(async () => {
  origin = await startOrigin();
});
afterAll(async () => {
  await origin.close();
});

describe('a gateway node and the shop API (a fake of the node channel)', () => {
  beforeEach(async () => {
    dir = tempDir('portal-node-');
    panel = await startFakePanel({ token: TOKEN });
    logged.length = 0;
  });
  afterEach(async () => {
    for (const { gateway } of running.splice(0)) await gateway.close();
    await panel.close();
    dir.remove();
  });

  it('serves the snapshot, takes changes as they come, reports, and never logs its token', async () => {
    const clock = new ManualClock();
    panel.rentals.set('node-user-1', access(1));
    const { gateway, link } = await startNode(clock);
    expect(link.connected).toBe(true);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(true);
    expect(await works(gateway, 'node-user-2', 'pass-2')).toBe(false);

    // A new rental, then a new password: an open tunnel on the old one is cut, the old one refused.
    panel.send({ type: 'rental', access: access(2) });
    await until(() => works(gateway, 'node-user-2', 'pass-2'));
    const tunnel = await openDownload(gateway, 'node-user-1', 'pass-1');
    const cut = downloadUntilCut(tunnel);
    panel.send({ type: 'rental', access: access(1, { password: 'changed-1' }) });
    await cut;
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(false);
    expect(await works(gateway, 'node-user-1', 'changed-1')).toBe(true);
    panel.send({ type: 'forget', username: 'node-user-2' });
    await until(async () => !(await works(gateway, 'node-user-2', 'pass-2')));

    await until(() => panel.reports.length >= 2);
    expect(panel.reports[0]).toMatchObject({
      version: 'test',
      socksPort: gateway.socksPort,
      httpPort: gateway.httpPort,
    });
    expect(logged.join('')).not.toContain(TOKEN);
  });

  it('delivers usage in numbered batches, each applied once, with the bytes the tunnels carried', async () => {
    const clock = new ManualClock();
    panel.rentals.set('node-user-1', access(1));
    const { gateway } = await startNode(clock);
    for (let n = 0; n < 3; n += 1) expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(true);
    await until(() => appliedBytes(panel, 1).down > 0 && appliedBytes(panel, 1).up > 0, 5000);
    const numbers = [...panel.batches.keys()];
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    expect([...panel.batches.values()].some((batch) => batch.active.includes(1))).toBe(true);
  });

  it('out of touch serves for the grace, cuts at end_time by its own clock, refuses after the grace, serves again when back', async () => {
    const clock = new ManualClock();
    panel.rentals.set('node-user-1', access(1));
    panel.rentals.set('node-user-3', access(3, { endTime: new Date(clock.now().getTime() + 60_000).toISOString() }));
    const { gateway, link } = await startNode(clock);
    expect(await works(gateway, 'node-user-3', 'pass-3')).toBe(true);
    panel.down = true;
    panel.drop();
    await until(() => !link.connected);
    const tunnel = await openDownload(gateway, 'node-user-3', 'pass-3');
    const cut = downloadUntilCut(tunnel);
    // Counted while the shop is away: kept in the journal.
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(true);
    clock.advance(61_000);
    await cut;
    expect(await works(gateway, 'node-user-3', 'pass-3')).toBe(false);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(true);
    await until(() => link.owed > 0, 3000);
    const before = appliedBytes(panel, 1);

    clock.advance(GRACE_MS - 61_000 - 1000);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(true);
    clock.advance(2000);
    expect(link.admits()).toBe(false);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(false);

    panel.down = false;
    await until(() => link.connected, 5000);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(true);
    await until(() => link.owed === 0, 5000);
    expect(appliedBytes(panel, 1).down).toBeGreaterThan(before.down);
    expect(panel.repeats).toBe(0);
  });

  it("tells the shop the addresses its rentals are used from, and takes the shop's lists from the snapshot", async () => {
    const clock = new ManualClock();
    panel.rentals.set('node-user-1', access(1));
    const { gateway } = await startNode(clock);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(true);
    const told = () => [...panel.batches.values()].flatMap((batch) => batch.sources ?? []);
    await until(() => told().length > 0, 5000);
    expect(told()[0]).toMatchObject({ rentalId: 1, source: '127.0.0.1' });

    // Restarted against a shop whose list for rental 1 is full (one address, another's).
    for (const { gateway: first } of running.splice(0)) await first.close();
    panel.settings = { ...panel.settings, rentalMaxSourceIps: 1 };
    const seen = clock.now().toISOString();
    panel.sources = [{ rentalId: 1, source: '127.0.0.9', firstSeen: seen, lastSeen: seen }];
    const again = await startNode(clock, path.join(dir.dir, 'second'));
    expect(await works(again.gateway, 'node-user-1', 'pass-1')).toBe(false);
    expect(again.link.connected).toBe(true);
  });

  it('posts that go through while the stream cannot open are no contact: the grace runs out all the same', async () => {
    const clock = new ManualClock();
    panel.rentals.set('node-user-1', access(1));
    const { gateway, link } = await startNode(clock);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(true);
    // A balancer that breaks long answers: reports and usage go through, no change can arrive.
    panel.streamDown = true;
    panel.drop();
    await until(() => !link.connected);
    clock.advance(GRACE_MS + 1000);
    const reports = panel.reports.length;
    await until(() => panel.reports.length >= reports + 2, 5000);
    expect(link.admits()).toBe(false);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(false);
    panel.streamDown = false;
    await until(() => link.connected, 5000);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(true);
  });

  it('a restart during an outage serves the picture on disk within the grace from the last contact, and resends owed batches', async () => {
    const clock = new ManualClock();
    panel.rentals.set('node-user-1', access(1));
    const first = await startNode(clock);
    expect(await works(first.gateway, 'node-user-1', 'pass-1')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    panel.down = true;
    panel.drop();
    expect(await works(first.gateway, 'node-user-1', 'pass-1')).toBe(true);
    await first.gateway.close();
    running.length = 0;
    const owed = new PanelLinkProbe(dir.dir).owed();
    expect(owed).toBeGreaterThan(0);

    clock.advance(GRACE_MS / 2);
    const second = await startNode(clock);
    expect(await works(second.gateway, 'node-user-1', 'pass-1')).toBe(true);
    clock.advance(GRACE_MS / 2 + 1000);
    expect(await works(second.gateway, 'node-user-1', 'pass-1')).toBe(false);

    panel.down = false;
    await until(() => second.link.owed === 0, 5000);
    expect(await works(second.gateway, 'node-user-1', 'pass-1')).toBe(true);
    expect(panel.repeats).toBe(0);
    expect(appliedBytes(panel, 1).down).toBeGreaterThan(0);
  });

  it('a 401 (revoked) stops serving at once: open tunnels cut, new ones refused, nothing left on disk', async () => {
    const clock = new ManualClock();
    panel.rentals.set('node-user-1', access(1));
    const { gateway, link } = await startNode(clock);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(fs.existsSync(path.join(dir.dir, 'node', 'state.json'))).toBe(true);
    const tunnel = await openDownload(gateway, 'node-user-1', 'pass-1');
    const cut = downloadUntilCut(tunnel);
    panel.revoked = true;
    panel.drop();
    await cut;
    expect(link.revoked).toBe(true);
    expect(await works(gateway, 'node-user-1', 'pass-1')).toBe(false);
    expect(fs.existsSync(path.join(dir.dir, 'node', 'state.json'))).toBe(false);
  });

  it('runs a probe with the server’s own fetch through the upstream and posts the result', async () => {
    const clock = new ManualClock();
    await startNode(clock);
    const id = '2f0e5a52-4a4c-4c57-9d5e-4d1a5b0c8a11';
    panel.send({ type: 'probe', id, kind: 'fetch', upstream: 'direct', url: `${origin.url}/healthz`, timeoutMs: 3000 });
    await until(() => panel.probeResults.has(id), 5000);
    expect(panel.probeResults.get(id)).toMatchObject({ ok: true, status: 200 });
    const failing = '2f0e5a52-4a4c-4c57-9d5e-4d1a5b0c8a12';
    panel.send({
      type: 'probe',
      id: failing,
      kind: 'fetch',
      upstream: 'socks5://127.0.0.1:1',
      url: `${origin.url}/`,
      timeoutMs: 2000,
    });
    await until(() => panel.probeResults.has(failing), 5000);
    expect(panel.probeResults.get(failing)).toMatchObject({ ok: false, failure: 'connect' });
  });
});

/** Reads the journal a stopped node left, as a restart would. */
class PanelLinkProbe {
  constructor(private readonly dataDir: string) {}
  owed(): number {
    const text = fs.readFileSync(path.join(this.dataDir, 'node', 'usage.journal'), 'utf8');
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { batch?: { batch: number }; ack?: number });
    const acked = new Set(lines.flatMap((line) => (line.ack ? [line.ack] : [])));
    return lines.filter((line) => line.batch && !acked.has(line.batch.batch)).length;
  }
}
