/**
 * The read path every open page polls: requests/s and latency of `/api/wallet`,
 * `/api/proxy/history` (a customer with 20 rentals), `/api/proxy/sumid`, `/api/news`,
 * `/api/proxy/list` (30 free proxies) and `/healthz` at 64 connections, as a signed-in browser
 * calls them (API key, session cookie, gzip), beside bare Fastify measured in the same run.
 * `npm run bench:api`; BENCH_DB=postgres,embedded (both by default), BENCH_SECONDS (10) per
 * URL, BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres: a fresh database is made there).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  customerWithRentals,
  freePort,
  load,
  loadAverage,
  portalMemory,
  REPO_ROOT,
  startPortal,
  type DatabaseKind,
  type Load,
} from './portal-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const KINDS = (process.env.BENCH_DB ?? 'postgres,embedded').split(',') as DatabaseKind[];

async function startBare(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'bench/bare-fastify.ts'), String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill() };
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

async function main(): Promise<void> {
  console.log(`64 connections, ${SECONDS} s per URL; load average before: ${loadAverage()}\n`);
  console.log(row(['database', 'URL', 'requests/s', '% of bare Fastify', 'p50 ms', 'p99 ms', 'failures']));
  console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---:']));
  for (const kind of KINDS) {
    const bare = await startBare();
    // 50 demo proxies, 20 of them rented below: the catalogue lists 30.
    const portal = await startPortal(kind, { DEMO_INVENTORY: '50' });
    try {
      const customer = await customerWithRentals(portal, 20);
      const headers = { 'x-api-key': customer.apiKey, cookie: customer.cookie };
      const results: [string, Load][] = [
        ['bare Fastify', await load(bare.url, SECONDS)],
        ['/api/wallet', await load(`${portal.base}/api/wallet`, SECONDS, headers)],
        ['/api/proxy/history', await load(`${portal.base}/api/proxy/history`, SECONDS, headers)],
        ['/api/proxy/sumid', await load(`${portal.base}/api/proxy/sumid`, SECONDS, headers)],
        ['/api/news', await load(`${portal.base}/api/news`, SECONDS, { 'accept-encoding': 'gzip' })],
        [
          '/api/proxy/list (30)',
          await load(`${portal.base}/api/proxy/list`, SECONDS, { ...headers, 'accept-encoding': 'gzip' }),
        ],
        ['/healthz', await load(`${portal.base}/healthz`, SECONDS)],
      ];
      const reference = results[0]?.[1].rps ?? 1;
      for (const [name, r] of results) {
        const share = `${((100 * r.rps) / reference).toFixed(1)}%`;
        console.log(row([portal.database, name, r.rps, share, r.p50, r.p99, r.failures]));
      }
      const memory = await portalMemory(portal);
      console.error(`  ${portal.database}: after load ${memory.rssMb} MB RSS, ${memory.pssMb} MB PSS`);
    } finally {
      await portal.stop();
      bare.stop();
    }
  }
  console.log(`\nload average after: ${loadAverage()}`);
}

await main();
