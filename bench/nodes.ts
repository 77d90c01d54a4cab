/**
 * Gateway nodes (npm run bench:nodes): the time from a change in the shop to a node enforcing
 * it, and a node's memory at rest with 10,000 rentals.
 *
 * The shop is `npm start` on a fresh PostgreSQL database (BENCH_PG_URL) with its gateway off;
 * 10,000 connected rentals are on proxies of one node. Memory: `npm run gateway` as a node
 * (PANEL_URL, NODE_TOKEN, no DATABASE_URL), its resident set once the snapshot is in and it has
 * settled, beside a node that serves nothing. Latency: a node in this process; each change is a
 * new password written to the rentals table (its trigger notifies the API, which streams the
 * change), timed from the UPDATE's start until the node's credential store accepts the new
 * password (what every login asks), over BENCH_CHANGES changes (1,000).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { systemClock } from '../apps/server/src/clock';
import { startGateway } from '../apps/server/src/gateway/gateway';
import { PanelClient } from '../apps/server/src/gateway/node/panel-client';
import { PanelLink } from '../apps/server/src/gateway/node/panel-link';
import { freePort, REPO_ROOT, startPortal } from './portal-process';

const RENTALS = Number(process.env.BENCH_RENTALS ?? 10_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 1000);

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

async function seed(client: pg.Client, name: string, rentals: number): Promise<string> {
  const token = `bench-node-${name}-${Date.now().toString(36)}-0123456789`;
  const node = await client.query<{ id: number }>(
    `INSERT INTO nodes (name, host, token_hash, created_at) VALUES ($1, '127.0.0.1', $2, now()) RETURNING id`,
    [name, tokenHash(token)],
  );
  if (rentals === 0) return token;
  const user = await client.query<{ id: number }>(
    `INSERT INTO users (api_key_hash, referral_key, created_at) VALUES ($1, $1, now()) RETURNING id`,
    [`bench-${name}`],
  );
  // One proxy per rental (a proxy has one holder), all on this node.
  await client.query(
    `INSERT INTO proxies (ip, port, protocol, type, country, fraud_score, upstream, created_at, node_id)
     SELECT '198.51.100.' || (n % 250), 10000 + n, 'SOCKS5', 'datacenter', 'US', 0, 'socks5://u' || n || ':p@192.0.2.1:1080', now(), $1
     FROM generate_series(1, $2) AS n`,
    [node.rows[0]!.id, rentals],
  );
  await client.query(
    `INSERT INTO rentals (user_id, proxy_id, status, hours, username, password, created_at, connected_at, end_time)
     SELECT $1, p.id, 'connected', 24, 'bench-' || $3 || '-' || p.id, md5(p.id::text), now(), now(), now() + interval '1 day'
     FROM proxies p WHERE p.node_id = $2`,
    [user.rows[0]!.id, node.rows[0]!.id, name],
  );
  return token;
}

function residentKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** `npm run gateway` as a node; answers its resident set (KiB) after it has settled. */
async function nodeAtRest(panelUrl: string, token: string): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-node-'));
  const entry = fs.existsSync(path.join(REPO_ROOT, 'apps/server/dist/gateway.js'))
    ? [path.join(REPO_ROOT, 'apps/server/dist/gateway.js')]
    : ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/gateway/main.ts')];
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, entry, {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PANEL_URL: panelUrl,
      NODE_TOKEN: token,
      DATA_DIR: dataDir,
      GATEWAY_SOCKS_PORT: String(await freePort()),
      GATEWAY_HTTP_PORT: String(await freePort()),
      GATEWAY_METRICS_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    const started = Date.now();
    while (!fs.existsSync(path.join(dataDir, 'node', 'state.json'))) {
      if (child.exitCode !== null || Date.now() - started > 60_000)
        throw new Error(`the node did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // At rest: the snapshot applied and written, a few reports and pings since.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    return residentKiB(child.pid!);
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const portal = await startPortal('postgres', { GATEWAY_ENABLED: 'false', DEMO_INVENTORY: '0' });
  const client = new pg.Client({ connectionString: portal.databaseUrl! });
  await client.connect();
  try {
    const busy = await seed(client, 'busy', RENTALS);
    const idle = await seed(client, 'idle', 0);
    const idleKiB = await nodeAtRest(portal.base, idle);
    const busyKiB = await nodeAtRest(portal.base, busy);
    console.log(
      `node at rest: ${(idleKiB / 1024).toFixed(1)} MiB serving nothing, ${(busyKiB / 1024).toFixed(1)} MiB with ${RENTALS} rentals`,
    );

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-node-'));
    const link = new PanelLink({
      client: new PanelClient({ url: portal.base, token: busy }),
      dataDir,
      clock: systemClock,
      graceMs: 900_000,
      log: pino({ level: 'warn' }),
      version: 'bench',
      bindHost: '127.0.0.1',
    });
    const gateway = await startGateway({
      link,
      clock: systemClock,
      log: pino({ level: 'warn' }),
      host: '127.0.0.1',
      socksPort: 0,
      httpPort: 0,
    });
    const rows = (await client.query<{ id: number; username: string }>(`SELECT id, username FROM rentals ORDER BY id`))
      .rows;
    const times: number[] = [];
    for (let n = 0; n < CHANGES; n += 1) {
      const row = rows[n % rows.length]!;
      const password = `changed-${n}-${Math.random().toString(36).slice(2)}`;
      const started = performance.now();
      await client.query('UPDATE rentals SET password = $1 WHERE id = $2', [password, row.id]);
      while (!gateway.store.authorize(row.username, password)) {
        if (performance.now() - started > 10_000) throw new Error(`change ${n} did not reach the node in 10 s`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `change to enforcement over ${CHANGES} changes: median ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
    await gateway.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    await client.end();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
