/**
 * The read path every open page polls: requests/s and latency of `/api/wallet`,
 * `/api/proxy/history` (a customer with 20 rentals), `/api/proxy/sumid`, `/api/news`,
 * `/api/proxy/list` (30 free proxies) and `/healthz` at 64 connections, as a signed-in browser
 * calls them (API key, session cookie, gzip), each as a share of bare Fastify.
 *
 * The load generator shares the machine with the server, and bare Fastify's own rate drifts by
 * half within minutes on a small shared machine; so each URL is measured in rounds, each round
 * bare Fastify then the URL back to back, and the median of the rounds' shares is reported
 * (with the spread); the rates shown are each their own median, so they need not divide to it.
 * `npm run bench:api`; BENCH_DB=postgres,embedded (both by default), BENCH_SECONDS (5) per
 * measurement, BENCH_ROUNDS (3), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres: a
 * fresh database is made there).
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

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

/** The middle value; with an even count, the mean of the two middle ones (never the better one). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

/** Rounds of bare Fastify then `url`: the median share and rate, the shares' range, the worst p99. */
async function measure(bareUrl: string, url: string, headers: Record<string, string>) {
  const rounds: { bare: Load; portal: Load }[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    rounds.push({ bare: await load(bareUrl, SECONDS), portal: await load(url, SECONDS, headers) });
  }
  const shares = rounds.map((r) => r.portal.rps / r.bare.rps);
  return {
    rps: Math.round(median(rounds.map((r) => r.portal.rps))),
    bareRps: Math.round(median(rounds.map((r) => r.bare.rps))),
    share: median(shares),
    range: `${percent(Math.min(...shares))}-${percent(Math.max(...shares))}`,
    p50: median(rounds.map((r) => r.portal.p50)),
    p99: Math.max(...rounds.map((r) => r.portal.p99)),
    failures: rounds.reduce((sum, r) => sum + r.portal.failures, 0),
  };
}

async function main(): Promise<void> {
  console.log(`64 connections, ${ROUNDS} rounds of ${SECONDS} s per URL; load average before: ${loadAverage()}\n`);
  console.log(
    row(['database', 'URL', 'requests/s', 'bare Fastify', 'share (median)', 'shares', 'p50 ms', 'p99 ms', 'failures']),
  );
  console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const kind of KINDS) {
    const bare = await startBare();
    // 50 demo proxies, 20 of them rented below: the catalogue lists 30.
    const portal = await startPortal(kind, { DEMO_INVENTORY: '50' });
    try {
      const customer = await customerWithRentals(portal, 20);
      const signedIn = { 'x-api-key': customer.apiKey, cookie: customer.cookie, 'accept-encoding': 'gzip' };
      const urls: [string, string, Record<string, string>][] = [
        ['/api/wallet', '/api/wallet', signedIn],
        ['/api/proxy/history', '/api/proxy/history', signedIn],
        ['/api/proxy/sumid', '/api/proxy/sumid', signedIn],
        ['/api/news', '/api/news', { 'accept-encoding': 'gzip' }],
        ['/api/proxy/list (30)', '/api/proxy/list', signedIn],
        ['/healthz', '/healthz', {}],
      ];
      for (const [name, url, headers] of urls) {
        const r = await measure(bare.url, `${portal.base}${url}`, headers);
        console.log(
          row([portal.database, name, r.rps, r.bareRps, percent(r.share), r.range, r.p50, r.p99, r.failures]),
        );
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
