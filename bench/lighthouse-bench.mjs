/**
 * Lighthouse benchmark of the public pages: the built app served by the real server on
 * a fresh embedded database, audited by the `lighthouse` package in headless Chromium with its
 * default mobile profile (simulated slow 4G and a 4x slower CPU). Each page is audited BENCH_RUNS
 * times (default 3) in a fresh browser and the median of every category is reported, with the
 * machine's load average before and after, because a busy machine lowers the performance score.
 * Run from the repository root after `npm run build`: `npm run bench:lighthouse`.
 * BENCH_PAGES (comma separated paths) and CHROME_PATH (default /usr/bin/chromium) tune it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = (process.env.BENCH_PAGES ?? '/,/ru/,/news,/login,/articles/setup-proxy').split(',');
const PORT = Number(process.env.BENCH_PORT ?? 18591);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-bench-'));
// Run as root, the embedded PostgreSQL runs as `postgres` and must be able to pass through.
fs.chmodSync(dataDir, 0o711);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    GATEWAY_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    DEMO_INVENTORY: '0',
  },
});
const base = `http://127.0.0.1:${PORT}`;

async function waitForServer() {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start within 60 s');
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const { categories, audits } = result.lhr;
    // What cost points outside performance, so a score under 100 says why.
    const failing = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
      categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
        .map((ref) => ref.id),
    );
    // A performance score of 0 is a run that measured nothing: say what Lighthouse reported.
    const problems = [
      result.lhr.runtimeError?.code,
      ...METRICS.map((id) => audits[id].errorMessage).filter(Boolean),
      ...(result.lhr.runWarnings ?? []),
    ].filter(Boolean);
    const unmeasured = categories.performance.score === null || categories.performance.score === 0;
    if (unmeasured) console.error(`${url}: no performance score: ${problems.join('; ') || 'no reason given'}`);
    return {
      unmeasured,
      failing,
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id].score ?? 0) * 100)])),
      metrics: Object.fromEntries(METRICS.map((id) => [id, audits[id].numericValue])),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

try {
  await waitForServer();
  const loadBefore = load();
  const rows = [];
  for (const page of PAGES) {
    const runs = [];
    let retried = 0;
    while (runs.length < RUNS) {
      const run = await audit(base + page);
      // Chromium now and then records no trace (NO_NAVSTART): that run measured nothing, so it is
      // run again (at most twice per page) rather than counted as a score of 0.
      if (run.unmeasured && retried < 2) retried += 1;
      else runs.push(run);
    }
    const pick = (kind, id) => median(runs.map((run) => run[kind][id]));
    rows.push({
      page,
      ...Object.fromEntries(CATEGORIES.map((id) => [id, pick('scores', id)])),
      perfRuns: runs.map((run) => run.scores.performance).join('/') + (retried ? `, ${retried} rerun` : ''),
      fcp: `${(pick('metrics', 'first-contentful-paint') / 1000).toFixed(1)} s`,
      lcp: `${(pick('metrics', 'largest-contentful-paint') / 1000).toFixed(1)} s`,
      tbt: `${Math.round(pick('metrics', 'total-blocking-time'))} ms`,
      cls: pick('metrics', 'cumulative-layout-shift').toFixed(3),
      failing: [...new Set(runs.flatMap((run) => run.failing))].join(', '),
    });
  }
  console.log(`Lighthouse ${RUNS} runs a page, mobile profile; load average before: ${loadBefore}, after: ${load()}`);
  console.log('| page | performance (runs) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| \`${r.page}\` | ${r.performance} (${r.perfRuns}) | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
    );
  }
  for (const r of rows) if (r.failing) console.log(`${r.page}: audits below 100 outside performance: ${r.failing}`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
