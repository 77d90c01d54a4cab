/**
 * Memory of the portal and every process of its database: idle after start with
 * 100,000 proxies, then under 64 connections listing them all (`/api/proxy/list`, gzip as a
 * browser asks), sampled every 5 s, one line a minute, so growth over a long run shows.
 * `npm run bench:memory`; BENCH_DB=embedded,postgres (both by default), BENCH_SECONDS (60; 600
 * for the 10-minute run), BENCH_PROXIES (100000), BENCH_SERVER_ROOT (another checkout to measure,
 * e.g. one still on PGlite). RSS counts shared pages once per process; PSS splits them.
 */
import {
  customerWithRentals,
  load,
  loadAverage,
  memoryByCommand,
  portalMemory,
  startPortal,
  type DatabaseKind,
  type Memory,
} from './portal-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PROXIES = process.env.BENCH_PROXIES ?? '100000';
const KINDS = (process.env.BENCH_DB ?? 'embedded,postgres').split(',') as DatabaseKind[];
const SAMPLE_MS = 5_000;

const mb = (m: Memory) => `${m.rssMb} MB RSS / ${m.pssMb} MB PSS (${m.processes} processes)`;

/**
 * At rest: `npm start` with no inventory, 15 s after it is ready, every process of the tree (and
 * on DATABASE_URL the server's backends for this database) by command.
 */
async function atRest(kind: DatabaseKind): Promise<void> {
  const portal = await startPortal(kind, { DEMO_INVENTORY: '0' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const total = await portalMemory(portal);
    const parts = [...memoryByCommand(portal.pid, await portal.backends())]
      .map(([command, part]) => `${command} ${part.pssMb} MB (${part.processes})`)
      .join(', ');
    console.log(`\n${portal.database}: at rest, no inventory, 15 s after ready: ${total.pssMb} MB PSS (${parts})`);
  } finally {
    await portal.stop();
  }
}

async function main(): Promise<void> {
  console.log(`load average before: ${loadAverage()}`);
  for (const kind of KINDS) await atRest(kind);
  if (process.env.BENCH_REST_ONLY) return;
  for (const kind of KINDS) {
    const portal = await startPortal(kind, { DEMO_INVENTORY: PROXIES });
    try {
      console.log(`\n${portal.database}: started with ${PROXIES} proxies in ${(portal.startMs / 1000).toFixed(1)} s`);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      console.log(`  idle:   ${mb(await portalMemory(portal))}`);
      const customer = await customerWithRentals(portal, 0);
      const samples: { at: number; memory: Memory }[] = [];
      const started = Date.now();
      const timer = setInterval(() => {
        void portalMemory(portal).then((memory) => samples.push({ at: Date.now() - started, memory }));
      }, SAMPLE_MS);
      const result = await load(`${portal.base}/api/proxy/list`, SECONDS, {
        'x-api-key': customer.apiKey,
        'accept-encoding': 'gzip',
      });
      clearInterval(timer);
      console.log(`  load:   ${result.rps} requests/s, p99 ${result.p99} ms, ${result.failures} failures`);
      const minutes = Math.max(1, Math.ceil(SECONDS / 60));
      for (let minute = 0; minute < minutes; minute += 1) {
        const inMinute = samples.filter((s) => Math.floor(s.at / 60_000) === minute).map((s) => s.memory);
        if (inMinute.length === 0) continue;
        const peak = inMinute.reduce((a, b) => (b.pssMb > a.pssMb ? b : a));
        console.log(`  minute ${minute + 1}: peak ${mb(peak)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      console.log(`  after:  ${mb(await portalMemory(portal))} (10 s after the load)`);
    } finally {
      await portal.stop();
    }
  }
  console.log(`\nload average after: ${loadAverage()}`);
}

await main();
