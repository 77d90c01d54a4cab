import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type net from 'node:net';
import { SocksClient } from 'socks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes, proxies, rentals } from '../src/db/schema';
import { downloadUntilCut, until } from './gateway-kit';
import { systemClock } from '../src/clock';
import { fetchVia } from '../src/discovery/through-node';
import { nodeTokenHash } from '../src/nodes/node-auth';
import { expectedServerVersion } from './expected-version';
import { adminToken, buildTestApp, customerCall, tempDir, type TestApp } from './helper';
import { connectedRentalRow } from './live-rental-kit';
import { startOrigin } from './origin';
import { freePort } from './ports';

const serverDir = path.resolve(import.meta.dirname, '..');
const postgres = Boolean(process.env.DATABASE_URL);
/** Short, so the test sees the grace end; the default is 900 s. */
const GRACE_SECONDS = 8;

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(script: string, env: Record<string, string>): Running {
  // No DATABASE_URL reaches a node: it must work from the API alone.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'info', INIT_CWD: serverDir, ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The API and two node processes with no DATABASE_URL, gateway ports on 127.0.0.2 and 127.0.0.3. */
describe.skipIf(!postgres)('gateway nodes as processes of their own (PostgreSQL)', () => {
  let t: TestApp;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  let apiPort: number;
  let api: Running;
  const all: Running[] = [];
  const dirs: ReturnType<typeof tempDir>[] = [];

  async function startApi(): Promise<void> {
    const data = tempDir('portal-node-api-');
    dirs.push(data);
    api = run('src/main.ts', {
      DATABASE_URL: t.database.url!,
      PORT: String(apiPort),
      DATA_DIR: data.dir,
      GATEWAY_ENABLED: 'false',
      DEMO_INVENTORY: '0',
      ADMIN_SECRET: 'node-test-admin-secret',
    });
    all.push(api);
    await until(() => api.output().includes('Proxy rental portal is running'), 60_000);
  }

  async function addNode(name: string, host: string): Promise<{ id: number; token: string }> {
    const token = `node-token-${name}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    const [row] = await t.database.db
      .insert(nodes)
      .values({ name, host, tokenHash: nodeTokenHash(token), createdAt: new Date() })
      .returning({ id: nodes.id });
    return { id: row!.id, token };
  }

  async function startNode(node: { token: string }, host: string, dataDir: string) {
    const socksPort = await freePort();
    const running = run('src/gateway/main.ts', {
      PANEL_URL: `http://127.0.0.1:${apiPort}`,
      NODE_TOKEN: node.token,
      HOST: host,
      GATEWAY_HOST: host,
      GATEWAY_SOCKS_PORT: String(socksPort),
      GATEWAY_HTTP_PORT: String(await freePort()),
      GATEWAY_METRICS_PORT: String(await freePort()),
      GATEWAY_CHECK_URL: `${origin.url}/healthz`,
      DATA_DIR: dataDir,
      NODE_OFFLINE_GRACE_SECONDS: String(GRACE_SECONDS),
    });
    all.push(running);
    await until(() => running.output().includes('gateway listening'), 60_000);
    return { ...running, socksPort, host };
  }

  /** Puts a proxy on a node as the console will: the column, then the notification gateways follow. */
  async function assign(proxyId: number, nodeId: number): Promise<void> {
    await t.database.db.update(proxies).set({ nodeId }).where(eq(proxies.id, proxyId));
    await t.database.db.execute(sql`SELECT pg_notify('proxy_access', ${String(proxyId)})`);
  }

  const target = () => ({ host: '127.0.0.1', port: origin.port });
  async function tunnel(node: { socksPort: number; host: string }, user: string, pass: string) {
    const { socket } = await SocksClient.createConnection({
      proxy: { host: node.host, port: node.socksPort, type: 5, userId: user, password: pass },
      command: 'connect',
      destination: target(),
      timeout: 3000,
    });
    return socket;
  }
  const works = (node: { socksPort: number; host: string }, user: string, pass: string) =>
    tunnel(node, user, pass).then(
      (socket) => {
        socket.destroy();
        return true;
      },
      () => false,
    );

  /** A connected rental whose proxy the node serves, once the node takes its credentials. */
  async function rentalServedBy(node: { socksPort: number; host: string }, nodeId: number) {
    const rental = await connectedRentalRow(t);
    await assign(rental.proxyId, nodeId);
    await until(() => works(node, rental.username, rental.password), 3000);
    return rental;
  }

  /** Starts a download through the tunnel; answers how many bytes have arrived so far. */
  function receiving(socket: net.Socket): () => number {
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.on('error', () => undefined);
    socket.write('GET /download HTTP/1.1\r\nHost: origin\r\n\r\n');
    return () => received;
  }

  let nodeA: Awaited<ReturnType<typeof startNode>>;
  let nodeB: Awaited<ReturnType<typeof startNode>>;
  let tokenA: { id: number; token: string };
  let tokenB: { id: number; token: string };
  let dirA: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
    origin = await startOrigin();
    apiPort = await freePort();
    await startApi();
    tokenA = await addNode('a', '127.0.0.2');
    tokenB = await addNode('b', '127.0.0.3');
    dirA = tempDir('portal-node-a-');
    const dirB = tempDir('portal-node-b-');
    dirs.push(dirA, dirB);
    nodeA = await startNode(tokenA, '127.0.0.2', dirA.dir);
    nodeB = await startNode(tokenB, '127.0.0.3', dirB.dir);
  }, 120_000);
  afterAll(async () => {
    for (const running of all) running.child.kill('SIGKILL');
    await origin.close();
    await t.close();
    for (const dir of dirs) dir.remove();
  });

  it("a rental on a node's proxy works through that node and not the other; the other never hears of it", async () => {
    const rental = await rentalServedBy(nodeA, tokenA.id);
    expect(await works(nodeB, rental.username, rental.password)).toBe(false);

    // What node B's stream says: its snapshot holds none of node A's credentials.
    const response = await fetch(`http://127.0.0.1:${apiPort}/api/node/stream`, {
      headers: { authorization: `Bearer ${tokenB.token}` },
    });
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    const first = new TextDecoder().decode(value);
    expect(first).toContain('"snapshot"');
    expect(first).not.toContain(rental.username);
    expect(first).not.toContain(rental.password);
  }, 30_000);

  it('each node reports the version the shop lists as its own: the same code on both sides', async () => {
    const headers = { authorization: `Bearer ${await adminToken(t)}` };
    const answer = (await t.app.inject({ method: 'GET', url: '/api/admin/nodes', headers })).json<{
      nodes: { name: string; version: string | null }[];
      shopVersion: string;
    }>();
    expect(answer.shopVersion).toBe(expectedServerVersion());
    const reported = Object.fromEntries(answer.nodes.map((node) => [node.name, node.version]));
    expect(reported).toEqual({ a: answer.shopVersion, b: answer.shopVersion });
  });

  it("a check of a node's proxy runs on that node, through the upstream, with the server's own fetch", async () => {
    const deps = { db: t.database.db, clock: systemClock };
    const fetched = await fetchVia(deps, { upstream: 'direct', nodeId: tokenA.id }, `${origin.url}/healthz`, 5000);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toContain('"ok"');
    await expect(
      fetchVia(deps, { upstream: 'socks5://127.0.0.1:1', nodeId: tokenA.id }, `${origin.url}/healthz`, 3000),
    ).rejects.toMatchObject({ kind: 'connect' });
  }, 30_000);

  it('a new password cuts the old one on the node within a second', async () => {
    const rental = await rentalServedBy(nodeA, tokenA.id);
    const cut = downloadUntilCut(await tunnel(nodeA, rental.username, rental.password));
    const changedAt = Date.now();
    const answer = await customerCall(t, rental.apiKey).post('/api/proxy/credentials', { proxy_id: rental.proxyId });
    expect(answer.statusCode).toBe(200);
    expect((await cut).closedAt - changedAt).toBeLessThan(1000);
    expect(await works(nodeA, rental.username, rental.password)).toBe(false);
  }, 30_000);

  it('kill -9 of a node loses at most a second of counts; the restarted node delivers the rest once', async () => {
    const rental = await rentalServedBy(nodeA, tokenA.id);
    const arrived = receiving(await tunnel(nodeA, rental.username, rental.password));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const perSecond = arrived() / 3;
    nodeA.child.kill('SIGKILL');
    await nodeA.exited;
    nodeA = await startNode(tokenA, '127.0.0.2', dirA.dir);
    const bytesDown = async () =>
      (await t.database.db.select({ down: rentals.bytesDown }).from(rentals).where(eq(rentals.id, rental.id)))[0]!.down;
    // The tunnel died with the node: what arrived is final.
    const received = arrived();
    await until(async () => received - (await bytesDown()) <= perSecond * 1.2, 10_000);
    // Not more than was written (the sockets' buffers aside, see the outage test), so nothing twice.
    expect(await bytesDown()).toBeLessThanOrEqual(received + 256 * 1024);
    expect(received - (await bytesDown())).toBeLessThanOrEqual(perSecond * 1.2);
  }, 60_000);

  it('the API stopped: the node serves on, cuts at end_time, refuses after the grace; back, it serves and the outage usage appears once', async () => {
    const lasting = await connectedRentalRow(t);
    const ending = await connectedRentalRow(t, 'direct', 4000);
    await assign(lasting.proxyId, tokenA.id);
    await assign(ending.proxyId, tokenA.id);
    await until(() => works(nodeA, ending.username, ending.password), 3000);
    const cut = downloadUntilCut(await tunnel(nodeA, ending.username, ending.password));

    const snapshots = (node: Running) => node.output().split('snapshot applied').length;
    const before = [snapshots(nodeA), snapshots(nodeB)];
    api.child.kill('SIGKILL');
    await api.exited;
    const stoppedAt = Date.now();
    expect(await works(nodeA, lasting.username, lasting.password)).toBe(true);
    // Usage counted while the API is away.
    const socket = await tunnel(nodeA, lasting.username, lasting.password);
    const arrived = receiving(socket);
    const { closedAt } = await cut;
    expect(closedAt).toBeGreaterThanOrEqual(ending.endTime.getTime() - 50);
    expect(closedAt - ending.endTime.getTime()).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    socket.destroy();
    const received = arrived();

    await until(() => Date.now() - stoppedAt > (GRACE_SECONDS + 1) * 1000, (GRACE_SECONDS + 5) * 1000);
    expect(await works(nodeA, lasting.username, lasting.password)).toBe(false);

    await startApi();
    // Both nodes back in touch (a new snapshot each), without logins that would count as failures.
    await until(() => snapshots(nodeA) > before[0]! && snapshots(nodeB) > before[1]!, 40_000);
    expect(await works(nodeA, lasting.username, lasting.password)).toBe(true);
    const bytesDown = async () =>
      (await t.database.db.select({ down: rentals.bytesDown }).from(rentals).where(eq(rentals.id, lasting.id)))[0]!
        .down;
    await until(async () => (await bytesDown()) >= received * 0.9, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // The node counts what it wrote to the client, which may exceed what arrived by what was in the
    // sockets' buffers when the client closed (well under 256 KiB); a batch applied twice would add
    // about a second of the download (the origin sends 800 KiB/s).
    expect(await bytesDown()).toBeLessThanOrEqual(received + 256 * 1024);
  }, 120_000);

  it('a revoked token stops the node serving', async () => {
    const rental = await rentalServedBy(nodeB, tokenB.id);
    const cut = downloadUntilCut(await tunnel(nodeB, rental.username, rental.password));
    await t.database.db.update(nodes).set({ revokedAt: new Date() }).where(eq(nodes.id, tokenB.id));
    await t.database.db.execute(sql`SELECT pg_notify('node_revoked', ${String(tokenB.id)})`);
    await cut;
    expect(await works(nodeB, rental.username, rental.password)).toBe(false);
    // The node says why, on its standard output: a pipe that can be read after the tunnel's close.
    await until(() => nodeB.output().includes('revoked'), 5_000);
    expect(nodeB.output()).not.toContain(tokenB.token);
  }, 30_000);
});
