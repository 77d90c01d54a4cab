/**
 * Gateway benchmark: MB/s of one large transfer and new connections per second
 * (each: connect through the proxy, one byte echoed, close), on loopback, for direct, our SOCKS5
 * front, our HTTP CONNECT front, and Debian's dante-server as the native reference. Run from the
 * repository root: `npm run bench:gateway` (as root it installs dante-server when missing).
 * BENCH_BYTES (default 1 GiB), BENCH_CONNECTIONS (2000), BENCH_CONCURRENCY (50) and BENCH_ROUNDS (6:
 * the paths take turns, each result is the median of its rounds) tune it; BENCH_ONLY=SOCKS (or
 * HTTP, direct) measures one path without dante. On a machine with 2 or more cores the proxy under
 * test (our gateway, or dante and all its workers) runs on core 1 alone, and the origin and this
 * reader on core 0; BENCH_PIN=0 leaves placement to the scheduler.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { SocksClient } from 'socks';
import { systemClock } from '../apps/server/src/clock';
import { openPglite } from '../apps/server/src/db/pglite';
import { proxies, rentals, users } from '../apps/server/src/db/schema';
import { startGateway } from '../apps/server/src/gateway/gateway';

const BYTES = Number(process.env.BENCH_BYTES ?? 1024 ** 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
/** 6: with dante, each of the three proxies takes the turn right after direct twice (`roundOrder`). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
/**
 * Three busy processes on two cores: left to the scheduler, the proxy shares a core with the
 * origin or the reader by chance, and the same path measured twice differed up to 3x. Pinned, each
 * proxy gets the same one core, which is what the comparison with dante needs.
 */
const PIN = process.env.BENCH_PIN !== '0' && os.cpus().length >= 2 && fs.existsSync('/usr/bin/taskset');
const PROXY_CORE = '1';
const LOAD_CORE = '0';
/** Runs a command on one core (children and threads inherit it), or as it is when not pinning. */
const onCore = (core: string, command: string, args: string[]): [string, string[]] =>
  PIN ? ['/usr/bin/taskset', ['-c', core, command, ...args]] : [command, args];
const DANTE_PORT = 11_999;
const USER = 'benchuser';
const PASS = 'benchpass';

type Connector = (port: number) => Promise<net.Socket>;

/** What to stop if the run fails (dante runs in a process group of its own and would stay). */
const stopOnFailure: (() => void)[] = [];

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

const direct: Connector = (port) =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

const viaSocks =
  (proxyPort: number, auth: boolean): Connector =>
  async (port) =>
    (
      await SocksClient.createConnection({
        proxy: { host: '127.0.0.1', port: proxyPort, type: 5, ...(auth ? { userId: USER, password: PASS } : {}) },
        command: 'connect',
        destination: { host: '127.0.0.1', port },
      })
    ).socket;

const viaHttpConnect =
  (proxyPort: number): Connector =>
  (port) =>
    new Promise((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port: proxyPort,
        method: 'CONNECT',
        path: `127.0.0.1:${port}`,
        agent: false,
        headers: { 'proxy-authorization': `Basic ${Buffer.from(`${USER}:${PASS}`).toString('base64')}` },
      });
      request.once('connect', (response, socket, head) => {
        // The source speaks first: its first bytes may arrive with the 200, in `head`.
        if (head.length > 0) socket.unshift(head);
        if (response.statusCode === 200) resolve(socket);
        else reject(new Error(`CONNECT ${response.statusCode}`));
      });
      request.once('error', reject);
      request.end();
    });

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

function ensureDante(): string | null {
  const find = () => ['/usr/sbin/danted', '/usr/sbin/sockd'].find((file) => fs.existsSync(file)) ?? null;
  if (find()) return find();
  if (process.getuid?.() !== 0) return null;
  console.log('installing dante-server from Debian...');
  execSync('apt-get install -y -qq dante-server', {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return find();
}

/**
 * CPU seconds (user + system) used so far by a process and by the processes of the group it
 * leads (dante forks its workers), from Linux /proc; null where /proc is missing. It tells what
 * each proxy spends per GiB moved, which on a busy machine is steadier than MB/s.
 */
function cpuSeconds(id: number): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces): state ppid pgrp ... utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // With the workers each process has already reaped (cutime, cstime): dante replaces its
    // children during a run, and without them a round's CPU time could come out negative. A
    // reaped process's time is in exactly one living parent's, so nothing is counted twice.
    if (Number(entry) === id || Number(fields[2]) === id) {
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    }
  }
  return ticks / 100;
}

async function startDante(binary: string): Promise<{ pgid: number; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dante-'));
  const config = path.join(dir, 'danted.conf');
  fs.writeFileSync(
    config,
    [
      `logoutput: ${path.join(dir, 'danted.log')}`,
      `internal: 127.0.0.1 port = ${DANTE_PORT}`,
      'external: 127.0.0.1',
      'clientmethod: none',
      'socksmethod: none',
      'user.privileged: root',
      'user.unprivileged: nobody',
      'client pass { from: 127.0.0.0/8 to: 0.0.0.0/0 }',
      'socks pass { from: 127.0.0.0/8 to: 0.0.0.0/0 }',
    ].join('\n'),
  );
  // Its own process group: dante forks io-children, and all of them must stop with the benchmark.
  const [command, args] = onCore(PROXY_CORE, binary, ['-f', config, '-N', '2']);
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  for (let i = 0; i < 50; i += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = net.connect(DANTE_PORT, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  stopOnFailure.push(stop);
  return { pgid: child.pid!, stop };
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
  const gateway = await startGateway({
    database,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    host: '127.0.0.1',
    socksPort: 0,
    httpPort: 0,
    // The origin is on loopback.
    privateTargets: 'allow',
  });
  process.stdout.write(`${JSON.stringify({ socksPort: gateway.socksPort, httpPort: gateway.httpPort })}\n`);
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
async function serveOrigin(): Promise<void> {
  const ports = { source: await sourceServer(), echo: await echoServer() };
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
  const origin = await spawnServing<{ source: number; echo: number }>('origin');
  const { source, echo } = origin;
  const gateway = await spawnServing<{ socksPort: number; httpPort: number }>('gateway');

  const only = process.env.BENCH_ONLY;
  // Each path: its name, how to connect, and the process whose CPU time it costs (none for direct).
  const allModes: [string, Connector, number | null][] = [
    ['direct', direct, null],
    ['our SOCKS5 front', viaSocks(gateway.socksPort, true), gateway.pid],
    ['our HTTP CONNECT front', viaHttpConnect(gateway.httpPort), gateway.pid],
  ];
  const modes = allModes.filter(([mode]) => !only || mode.includes(only));
  const danteBinary = only ? null : ensureDante();
  const dante = danteBinary ? await startDante(danteBinary) : null;
  if (dante) modes.push(['dante-server (native)', viaSocks(DANTE_PORT, false), dante.pgid]);
  else if (!only) console.log('dante-server is not available (run as root to install it); no reference column');

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
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const results = modes.map(([mode]) => {
    const sample = samples.get(mode)!;
    return {
      mode,
      mbps: median(sample.mbps),
      cps: median(sample.cps),
      cpu: sample.cpu.length > 0 ? median(sample.cpu) : null,
    };
  });
  const reference = results.find((r) => r.mode.startsWith('dante'));
  console.log(
    `\n${(BYTES / 1024 ** 3).toFixed(2)} GiB transfer; ${CONNECTIONS} connections, ${CONCURRENCY} at once; median of ${ROUNDS} round(s); ${os.cpus().length} cores${PIN ? ` (proxy on core ${PROXY_CORE}, origin and reader on core ${LOAD_CORE})` : ', not pinned'}, Node ${process.version}\n`,
  );
  console.log('| path | MB/s | connections/s | MB/s vs dante | connections/s vs dante | proxy CPU s/GiB |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '-');
    console.log(
      `| ${r.mode} | ${r.mbps.toFixed(0)} | ${r.cps.toFixed(0)} | ${ratio(r.mbps, reference?.mbps)} | ${ratio(r.cps, reference?.cps)} | ${r.cpu === null ? '-' : r.cpu.toFixed(2)} |`,
    );
  }

  dante?.stop();
  gateway.stop();
  origin.stop();
  process.exit(0);
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
