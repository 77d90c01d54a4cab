/**
 * Gateway benchmark: MB/s of one large transfer and new connections per second
 * (each: connect through the proxy, one byte echoed, close), on loopback, for direct, our SOCKS5
 * front, our SOCKS4 front, our HTTP CONNECT front, and Debian's dante-server (SOCKS5 and SOCKS4)
 * as the native reference; then UDP round trips per second through a SOCKS5 UDP association,
 * ours against dante's. Run from the repository root: `npm run bench:gateway` (as root it installs
 * dante-server when missing).
 * BENCH_BYTES (default 1 GiB), BENCH_CONNECTIONS (2000), BENCH_CONCURRENCY (50), BENCH_DATAGRAMS
 * (20000, 32 in flight) and BENCH_ROUNDS (6: the paths take turns, each result is the median of
 * its rounds) tune it; BENCH_ONLY=SOCKS5 (or SOCKS4, HTTP, UDP, direct) measures the paths whose
 * name holds it, without dante. On a machine with 2 or more cores the proxy under test (our
 * gateway, or dante and all its workers) runs on core 1 alone, and the origin and this reader on
 * core 0; BENCH_PIN=0 leaves placement to the scheduler.
 */
import { execSync, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { systemClock } from '../apps/server/src/clock';
import { openPglite } from '../apps/server/src/db/pglite';
import { proxies, rentals, users } from '../apps/server/src/db/schema';
import { startGateway } from '../apps/server/src/gateway/gateway';
import {
  datagramRoundTrips,
  direct,
  directDatagrams,
  PASS,
  USER,
  viaHttpConnect,
  viaSocks,
  viaSocksDatagrams,
  type Connector,
  type DatagramConnector,
} from './gateway/paths';
import {
  cpuSeconds,
  DANTE_PORT,
  ensureDante,
  LOAD_CORE,
  onCore,
  PIN,
  PROXY_CORE,
  selfSignedCertificate,
  startDante,
  stopOnFailure,
} from './gateway/processes';

const BYTES = Number(process.env.BENCH_BYTES ?? 1024 ** 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
/** 6: with dante, each of the three proxies takes the turn right after direct twice (`roundOrder`). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const DATAGRAMS = Number(process.env.BENCH_DATAGRAMS ?? 20_000);
const DATAGRAM_WINDOW = 32;

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** Sends BYTES to each client as fast as it reads them. */
async function sourceServer(): Promise<number> {
  const block = Buffer.alloc(1024 * 1024, 1);
  return listen(
    net.createServer((socket) => {
      socket.on('error', () => undefined);
      let left = BYTES;
      const pump = () => {
        while (left > 0) {
          const part = left >= block.length ? block : block.subarray(0, left);
          left -= part.length;
          if (!socket.write(part)) return void socket.once('drain', pump);
        }
        socket.end();
      };
      pump();
    }),
  );
}

async function echoServer(): Promise<number> {
  return listen(
    net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.pipe(socket);
    }),
  );
}

async function throughput(connect: Connector, port: number): Promise<number> {
  const socket = await connect(port);
  const started = process.hrtime.bigint();
  let received = 0;
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.once('end', resolve);
    socket.once('error', reject);
  });
  socket.destroy();
  if (received !== BYTES) throw new Error(`received ${received} of ${BYTES} bytes`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return BYTES / 1e6 / seconds;
}

async function connectionsPerSecond(connect: Connector, port: number): Promise<number> {
  let next = 0;
  const one = async () => {
    const socket = await connect(port);
    await new Promise<void>((resolve, reject) => {
      socket.once('data', () => resolve());
      socket.once('error', reject);
      socket.write('x');
    });
    socket.destroy();
  };
  // A refused connection (dante once answered NetworkUnreachable under this load) is counted and
  // reported, not fatal: the rate counts only connections that echoed their byte.
  let failed = 0;
  const worker = async () => {
    while (next < CONNECTIONS) {
      next += 1;
      await one().catch(() => (failed += 1));
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failed > 0) console.log(`  ${failed} of ${CONNECTIONS} connections failed`);
  return (CONNECTIONS - failed) / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** The gateway under test runs in a process of its own, as it does in production (and as dante does). */
async function serveGateway(): Promise<void> {
  const client = await PGlite.create();
  const database = openPglite(client);
  await database.migrate();
  const now = new Date();
  const [user] = await database.db
    .insert(users)
    .values({ apiKeyHash: 'bench', referralKey: 'bench', createdAt: now })
    .returning();
  const [proxy] = await database.db
    .insert(proxies)
    .values({
      ip: '192.0.2.1',
      port: 1,
      protocol: 'SOCKS5',
      type: 'datacenter',
      country: 'US',
      fraudScore: 0,
      upstream: 'direct',
      createdAt: now,
    })
    .returning();
  await database.db.insert(rentals).values({
    userId: user!.id,
    proxyId: proxy!.id,
    status: 'connected',
    hours: 24,
    username: USER,
    password: PASS,
    createdAt: now,
    connectedAt: now,
    endTime: new Date(now.getTime() + 24 * 3_600_000),
  });
  // The HTTPS proxy port, with a certificate the reader is given (BENCH_TLS_CERT/KEY from main).
  const certFile = process.env.BENCH_TLS_CERT;
  const keyFile = process.env.BENCH_TLS_KEY;
  const gateway = await startGateway({
    tls: certFile && keyFile ? { port: 0, certFile, keyFile } : null,
    database,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    host: '127.0.0.1',
    socksPort: 0,
    httpPort: 0,
    // The origin is on loopback.
    privateTargets: 'allow',
  });
  process.stdout.write(
    `${JSON.stringify({ socksPort: gateway.socksPort, httpPort: gateway.httpPort, tlsPort: gateway.tlsPort })}\n`,
  );
  process.on(
    'SIGTERM',
    () =>
      void gateway
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
}

/** The origin (source and echo servers) in a process of its own, so the reader measures the path. */
/** Answers every datagram with itself. */
async function udpEchoServer(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, from) => socket.send(message, from.port, from.address));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return socket.address().port;
}

async function serveOrigin(): Promise<void> {
  const ports = { source: await sourceServer(), echo: await echoServer(), udpEcho: await udpEchoServer() };
  process.stdout.write(`${JSON.stringify(ports)}\n`);
}

async function spawnServing<T>(role: 'gateway' | 'origin'): Promise<T & { pid: number; stop: () => void }> {
  // BENCH_GATEWAY_NODE_ARGS (e.g. --cpu-prof) profiles the process under test.
  const extra = role === 'gateway' ? (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean) : [];
  // Its stdin stays open for as long as this process lives: when it closes, the child exits, so
  // that a failed run leaves no gateway or origin behind.
  const [command, args] = onCore(role === 'gateway' ? PROXY_CORE : LOAD_CORE, process.execPath, [
    ...extra,
    '--import',
    'tsx',
    import.meta.filename,
    role,
  ]);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  // The ports are the first line that is a JSON object; anything else (e.g. --trace-gc) is shown.
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    let found = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (found) return void process.stderr.write(chunk);
      text += chunk.toString();
      const lines = text.split('\n');
      text = lines.pop() ?? '';
      for (const candidate of lines) {
        if (!found && candidate.startsWith('{')) {
          found = true;
          resolve(candidate);
        } else process.stderr.write(`${candidate}\n`);
      }
    });
    child.once('exit', (code) => reject(new Error(`${role} process exited with ${code}`)));
  });
  const ports = JSON.parse(line) as T;
  return { ...ports, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The paths in the order of one round: direct first, then the proxies, each round starting with
 * the next proxy. Unpinned, the turn right after direct is the unlucky one: the origin and the
 * reader have just spread over both cores, the proxy wakes up next to one of them, and its
 * transfer ran at about half speed in most rounds, whichever proxy it was (dante too, when it had
 * that turn). In a fixed order one proxy always had it (docs/benchmarks.md).
 */
function roundOrder<T extends [string, ...unknown[]]>(modes: T[], round: number): T[] {
  const first = modes.filter(([mode]) => mode === 'direct');
  const proxies = modes.filter(([mode]) => mode !== 'direct');
  const shift = proxies.length > 0 ? (round - 1) % proxies.length : 0;
  return [...first, ...proxies.slice(shift), ...proxies.slice(0, shift)];
}

async function main(): Promise<void> {
  // The reader (this process, all its threads) shares the load core with the origin.
  if (PIN) execSync(`/usr/bin/taskset -a -pc ${LOAD_CORE} ${process.pid}`, { stdio: 'ignore' });
  const origin = await spawnServing<{ source: number; echo: number; udpEcho: number }>('origin');
  const { source, echo, udpEcho } = origin;
  const certificate = selfSignedCertificate();
  if (certificate) {
    process.env.BENCH_TLS_CERT = certificate.cert;
    process.env.BENCH_TLS_KEY = certificate.key;
  } else console.log('openssl is not available: no HTTPS proxy path');
  const gateway = await spawnServing<{ socksPort: number; httpPort: number; tlsPort: number | null }>('gateway');

  const only = process.env.BENCH_ONLY;
  // Each path: its name, how to connect, and the process whose CPU time it costs (none for direct).
  const allModes: [string, Connector, number | null][] = [
    ['direct', direct, null],
    ['our SOCKS5 front', viaSocks(gateway.socksPort, 5, true), gateway.pid],
    ['our SOCKS4 front', viaSocks(gateway.socksPort, 4, true), gateway.pid],
    ['our HTTP CONNECT front', viaHttpConnect(gateway.httpPort), gateway.pid],
  ];
  if (certificate && gateway.tlsPort) {
    const ca = fs.readFileSync(certificate.cert, 'utf8');
    allModes.push(['our HTTPS CONNECT front (TLS)', viaHttpConnect(gateway.tlsPort, ca), gateway.pid]);
  }
  const modes = allModes.filter(([mode]) => !only || mode.includes(only));
  const danteBinary = only ? null : ensureDante();
  const dante = danteBinary ? await startDante(danteBinary) : null;
  if (dante) {
    modes.push(['dante-server SOCKS5 (native)', viaSocks(DANTE_PORT, 5, false), dante.pgid]);
    modes.push(['dante-server SOCKS4 (native)', viaSocks(DANTE_PORT, 4, false), dante.pgid]);
  } else if (!only) console.log('dante-server is not available (run as root to install it); no reference column');

  // Rounds go through every path in turn, so that a busy moment on the machine hits all of them;
  // each column is the median of its rounds.
  const samples = new Map(
    modes.map(([mode]) => [mode, { mbps: [] as number[], cps: [] as number[], cpu: [] as number[] }]),
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [mode, connect, pid] of roundOrder(modes, round)) {
      const sample = samples.get(mode)!;
      const cpuBefore = pid === null ? null : cpuSeconds(pid);
      sample.mbps.push(await throughput(connect, source));
      const cpuAfter = pid === null ? null : cpuSeconds(pid);
      if (cpuBefore !== null && cpuAfter !== null) sample.cpu.push((cpuAfter - cpuBefore) / (BYTES / 1024 ** 3));
      sample.cps.push(await connectionsPerSecond(connect, echo));
      const cpu = sample.cpu.length > 0 ? `, proxy CPU ${sample.cpu.at(-1)!.toFixed(2)} s/GiB` : '';
      console.log(
        `round ${round}: ${mode} ${sample.mbps.at(-1)!.toFixed(0)} MB/s, ${sample.cps.at(-1)!.toFixed(0)} connections/s${cpu}`,
      );
    }
  }
  const results = modes.map(([mode]) => {
    const sample = samples.get(mode)!;
    return {
      mode,
      mbps: median(sample.mbps),
      cps: median(sample.cps),
      cpu: sample.cpu.length > 0 ? median(sample.cpu) : null,
    };
  });
  // Each of our fronts against dante speaking the same protocol; HTTP against dante's SOCKS5.
  const referenceOf = (mode: string) =>
    results.find((r) => r.mode.startsWith('dante') && r.mode.includes(mode.includes('SOCKS4') ? 'SOCKS4' : 'SOCKS5'));
  console.log(
    `\n${(BYTES / 1024 ** 3).toFixed(2)} GiB transfer; ${CONNECTIONS} connections, ${CONCURRENCY} at once; median of ${ROUNDS} round(s); ${os.cpus().length} cores${PIN ? ` (proxy on core ${PROXY_CORE}, origin and reader on core ${LOAD_CORE})` : ', not pinned'}, Node ${process.version}\n`,
  );
  console.log('| path | MB/s | connections/s | MB/s vs dante | connections/s vs dante | proxy CPU s/GiB |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '-');
    console.log(
      `| ${r.mode} | ${r.mbps.toFixed(0)} | ${r.cps.toFixed(0)} | ${ratio(r.mbps, referenceOf(r.mode)?.mbps)} | ${ratio(r.cps, referenceOf(r.mode)?.cps)} | ${r.cpu === null ? '-' : r.cpu.toFixed(2)} |`,
    );
  }

  await datagramTable(
    [
      ['direct', directDatagrams],
      ['our SOCKS5 UDP ASSOCIATE', viaSocksDatagrams(gateway.socksPort, true)],
      ...(dante ? [['dante-server UDP ASSOCIATE (native)', viaSocksDatagrams(DANTE_PORT, false)] as const] : []),
    ],
    udpEcho,
  );

  dante?.stop();
  if (certificate) fs.rmSync(certificate.dir, { recursive: true, force: true });
  gateway.stop();
  origin.stop();
  process.exit(0);
}

/** UDP round trips per second of each path, the median of its rounds, against dante's. */
async function datagramTable(all: (readonly [string, DatagramConnector])[], udpEcho: number): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const paths = all.filter(([name]) => !only || name.includes(only) || (only === 'UDP' && name !== 'direct'));
  if (paths.length === 0) return;
  const rates = new Map(paths.map(([name]) => [name, [] as number[]]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, connect] of paths) {
      const { perSecond, lost } = await datagramRoundTrips(connect, udpEcho, DATAGRAMS, DATAGRAM_WINDOW);
      rates.get(name)!.push(perSecond);
      console.log(
        `round ${round}: ${name} ${perSecond.toFixed(0)} datagram round trips/s${lost ? `, ${lost} resent` : ''}`,
      );
    }
  }
  const medians = paths.map(([name]) => ({ name, rate: median(rates.get(name)!) }));
  const reference = medians.find((m) => m.name.startsWith('dante'));
  console.log(`\n${DATAGRAMS} datagrams of 512 bytes, ${DATAGRAM_WINDOW} in flight; median of ${ROUNDS} round(s)\n`);
  console.log('| UDP path | round trips/s | vs dante |');
  console.log('|---|---|---|');
  for (const { name, rate } of medians) {
    console.log(`| ${name} | ${rate.toFixed(0)} | ${reference ? (rate / reference.rate).toFixed(2) : '-'} |`);
  }
}

const role = process.argv[2];
if (role === 'gateway' || role === 'origin') {
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}
(role === 'gateway' ? serveGateway() : role === 'origin' ? serveOrigin() : main()).catch((error: unknown) => {
  console.error(error);
  for (const stop of stopOnFailure) stop();
  process.exit(1);
});
