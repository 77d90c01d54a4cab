/**
 * What the API and memory benchmarks share: the portal as `npm start` runs it (a process of its
 * own, on a fresh embedded data folder or a fresh PostgreSQL database), a customer with rentals,
 * autocannon runs and the memory of every process involved.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../apps/server/test/ports';

export { freePort };

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN_SECRET = 'bench-admin-secret-123';
export const CONNECTIONS = 64;

export interface Portal {
  base: string;
  pid: number;
  /** Spawn to "running", in ms. */
  startMs: number;
  /** The server's own words on its database (its "Database:" line). */
  database: string;
  /** The fresh PostgreSQL database's URL (null on the embedded one). */
  databaseUrl: string | null;
  /** PIDs of the PostgreSQL backends serving an external database (null on the embedded one). */
  backends: () => Promise<number[]>;
  stop(): Promise<void>;
}

export type DatabaseKind = 'embedded' | 'postgres';

/** PostgreSQL to bench on: BENCH_PG_URL (a server where this user may create databases). */
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * What `npm start` runs: the compiled server, built first if its sources changed; a checkout from
 * before the server was compiled runs its sources through tsx, as its `npm start` did.
 */
function serverEntry(root: string): string[] {
  if (!fs.existsSync(path.join(root, 'apps/server/build.mjs'))) {
    return ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
  }
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-built.mjs'), 'server'], {
    cwd: root,
    stdio: 'inherit',
  });
  return [...startFlags(root), path.join(root, 'apps/server/dist/main.js')];
}

/** The Node.js flags `npm start` gives the server (its script in package.json): measured as run. */
function startFlags(root: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = /exec node (.*?) ?dist\/main\.js/.exec(manifest.scripts.start ?? '')?.[1] ?? '';
  return flags.split(' ').filter(Boolean);
}

/**
 * Starts the server of `root` (another checkout of the portal can be measured
 * the same way: BENCH_SERVER_ROOT). `embedded` uses a fresh DATA_DIR; `postgres` a fresh database.
 */
export async function startPortal(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  root = process.env.BENCH_SERVER_ROOT ?? REPO_ROOT,
): Promise<Portal> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const dbName = `portal_bench_${process.pid}_${port}`;
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${dbName}`;
  if (kind === 'postgres') await adminQuery(`CREATE DATABASE ${dbName}`);
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const started = performance.now();
  // BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=prof' profiles the server (written when it stops).
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...serverEntry(root)], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      GATEWAY_SOCKS_PORT: String(await freePort()),
      GATEWAY_HTTP_PORT: String(await freePort()),
      ADMIN_SECRET,
      LOGIN_RATE_LIMIT: '100000',
      REGISTER_RATE_LIMIT: '100000',
      // No balancer in front: stop at once.
      SHUTDOWN_DELAY_SECONDS: '0',
      ...(kind === 'postgres' ? { DATABASE_URL: dbUrl.toString() } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  while (!output.includes('Proxy rental portal is running')) {
    if (child.exitCode !== null) throw new Error(`the portal did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    startMs,
    database: /Database: (.*)/.exec(output)?.[1]?.trim() ?? '?',
    databaseUrl: kind === 'postgres' ? dbUrl.toString() : null,
    backends: async () => {
      if (kind !== 'postgres') return [];
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        const result = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
          dbName,
        ]);
        return result.rows.map((row) => row.pid);
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(parent, [...(byParent.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  return byParent;
}

function kbOf(file: string, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

export interface Memory {
  /** Sum of resident sets (shared pages counted in each process). */
  rssMb: number;
  /** Sum of proportional sets (shared pages split between their users): what they take together. */
  pssMb: number;
  processes: number;
}

/** `pid` and all its descendants, then `extra`. */
function processTree(pid: number, extra: number[]): number[] {
  const tree = children();
  const pids: number[] = [];
  const visit = (p: number) => {
    pids.push(p);
    for (const child of tree.get(p) ?? []) visit(child);
  };
  visit(pid);
  return [...pids, ...extra];
}

/** The process and all its descendants (the embedded PostgreSQL and its workers), plus `extra`. */
export function memoryOf(pid: number, extra: number[] = []): Memory {
  const pids = processTree(pid, extra);
  let rss = 0;
  let pss = 0;
  for (const p of pids) {
    rss += kbOf(`/proc/${p}/status`, 'VmRSS');
    pss += kbOf(`/proc/${p}/smaps_rollup`, 'Pss');
  }
  return { rssMb: Math.round(rss / 1024), pssMb: Math.round(pss / 1024), processes: pids.length };
}

/** PSS of each process of the tree (and `extra`), by command name: where the memory at rest goes. */
export function memoryByCommand(pid: number, extra: number[] = []): Map<string, { pssMb: number; processes: number }> {
  const pids = processTree(pid, extra);
  const byCommand = new Map<string, { pssKb: number; processes: number }>();
  for (const p of pids) {
    let command: string;
    try {
      command = fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim();
    } catch {
      // The process ended while being read.
      continue;
    }
    const entry = byCommand.get(command) ?? { pssKb: 0, processes: 0 };
    entry.pssKb += kbOf(`/proc/${p}/smaps_rollup`, 'Pss');
    entry.processes += 1;
    byCommand.set(command, entry);
  }
  return new Map(
    [...byCommand].map(([command, { pssKb, processes }]) => [command, { pssMb: Math.round(pssKb / 1024), processes }]),
  );
}

export async function portalMemory(portal: Portal): Promise<Memory> {
  return memoryOf(portal.pid, await portal.backends());
}

async function call<T>(portal: Portal, method: string, url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${portal.base}${url}`, { method, ...init });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface Customer {
  apiKey: string;
  cookie: string;
}

/** A signed-in customer (API key and browser session, as the web app sends both) with `rentals` rentals. */
export async function customerWithRentals(portal: Portal, rentals: number): Promise<Customer> {
  const { apiKey } = await call<{ apiKey: string }>(portal, 'POST', '/api/register');
  const login = await fetch(`${portal.base}/api/login`, { method: 'POST', headers: { 'x-api-key': apiKey } });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const json = { 'content-type': 'application/json' };
  const { token } = await call<{ token: string }>(portal, 'POST', '/api/admin/login', {
    headers: json,
    body: JSON.stringify({ secretCode: ADMIN_SECRET }),
  });
  const { referral_key: referralKey } = (await login.json()) as { referral_key: string };
  await call(portal, 'POST', '/api/admin/customers/adjust', {
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ customer: referralKey, amount: 10_000, reason: 'benchmark' }),
  });
  const headers = { ...json, 'x-api-key': apiKey, cookie };
  const { proxies } = await call<{ proxies: { id: number }[] }>(portal, 'GET', '/api/proxy/list', { headers });
  for (const proxy of proxies.slice(0, rentals)) {
    await call(portal, 'POST', '/api/proxy/buy', {
      headers,
      body: JSON.stringify({ task: 'up', id: proxy.id, hours: '24' }),
    });
  }
  return { apiKey, cookie };
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and connection errors. */
  failures: number;
}

/** `seconds` of 64 connections on one URL, after a 1 s warm-up. */
export async function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Load> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/** The machine's load, to note beside the figures (other people share this machine). */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}
