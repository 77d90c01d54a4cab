/**
 * Catalogue benchmark: filtering, option narrowing, sorting and paging of 100,000
 * proxies in a real browser, with the very functions the catalogue page memoises
 * (apps/web/src/features/rentals/lib/catalogue-view.ts). Run from the repository root:
 * `node bench/catalogue-bench.mjs`. BENCH_ROWS (default 100000) and BENCH_RUNS (15) tune it;
 * CHROMIUM_PATH points at the browser (default /usr/bin/chromium, as in playwright.config.ts).
 */
import { build } from 'esbuild';
import { chromium } from 'playwright';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const bundle = await build({
  entryPoints: ['apps/web/src/features/rentals/lib/catalogue-view.ts'],
  bundle: true,
  write: false,
  format: 'iife',
  globalName: 'catalogueView',
  platform: 'browser',
  target: 'es2022',
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
await page.addScriptTag({ content: bundle.outputFiles[0].text });

const results = await page.evaluate(
  ({ rows, runs }) => {
    const v = globalThis.catalogueView;
    // A seeded generator: the same inventory every run (60 countries, 8 regions, 12 cities, 20 ISPs).
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = (prefix, n) => `${prefix}${Math.floor(random() * n)}`;
    const countries = Array.from({ length: 60 }, (_, i) => String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26)));
    const proxies = Array.from({ length: rows }, (_, i) => ({
      id: i + 1,
      ip: `${Math.floor(random() * 223) + 1}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`,
      country: countries[Math.floor(random() * countries.length)],
      region: random() < 0.05 ? '' : pick('Region ', 8),
      city: random() < 0.05 ? '' : pick('City ', 12),
      ISP: pick('ISP ', 20),
      zip: random() < 0.1 ? '' : String(10_000 + Math.floor(random() * 89_999)),
      ipqualityscore: Math.floor(random() * 101),
      type: 'residential',
      protocol: random() < 0.8 ? 'SOCKS5' : 'HTTP',
    }));
    const all = { ...v.EMPTY_FILTERS };
    const country = { ...all, country: proxies[0].country };
    const deep = { ...country, region: 'Region 1', city: 'City 1' };

    const measure = (fn) => {
      const times = [];
      for (let i = 0; i < runs; i += 1) {
        const start = performance.now();
        fn();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      return { median: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
    };
    const filtered = v.filterProxies(proxies, all);
    return {
      'filter: none (all rows)': measure(() => v.filterProxies(proxies, all)),
      'filter: country': measure(() => v.filterProxies(proxies, country)),
      'filter: country + region + city + band': measure(() => v.filterProxies(proxies, { ...deep, quality: 'low' })),
      'filter: ID prefix "12"': measure(() => v.filterProxies(proxies, { ...all, id: '12' })),
      'options: all five dropdowns, no choice': measure(() => v.cascadeOptions(proxies, all)),
      'options: all five dropdowns, country chosen': measure(() => v.cascadeOptions(proxies, country)),
      'sort: ID desc (all rows)': measure(() => v.sortProxies(filtered, { field: 'id', direction: 'desc' })),
      'sort: IP asc (all rows)': measure(() => v.sortProxies(filtered, { field: 'ip', direction: 'asc' })),
      'sort: city asc (all rows, text)': measure(() => v.sortProxies(filtered, { field: 'city', direction: 'asc' })),
      'sort: fraud score asc (all rows)': measure(() =>
        v.sortProxies(filtered, { field: 'ipqualityscore', direction: 'asc' }),
      ),
      'page: 500 of 1000': measure(() => v.pageOf(filtered, 500)),
      'filter change (filter + options + page 1)': measure(
        () => v.pageOf(v.sortProxies(v.filterProxies(proxies, country), null), 1) && v.cascadeOptions(proxies, country),
      ),
    };
  },
  { rows: ROWS, runs: RUNS },
);

console.log(`Catalogue with ${ROWS.toLocaleString('en')} proxies, ${RUNS} runs each (ms):`);
console.log('| Step | Median | Max |');
console.log('|---|---:|---:|');
for (const [step, { median, max }] of Object.entries(results)) {
  console.log(`| ${step} | ${median.toFixed(1)} | ${max.toFixed(1)} |`);
}
console.log(`Chromium ${browser.version()}`);
await browser.close();
