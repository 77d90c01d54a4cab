import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../src/db/advisory-locks';
import { expectedServerVersion } from './expected-version';
import { tempDir } from './helper';
import { freePort } from './ports';

const serverDir = path.resolve(import.meta.dirname, '..');
const data = tempDir('portal-process-');
afterAll(() => data.remove());

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every process a test started, so a failed test leaves none behind. */
const started: Running[] = [];

interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

/** The server from its sources, or (`viaNpmStart`) as a newcomer starts it: `npm start` in the clone. */
function start(env: Record<string, string>, viaNpmStart = false): Running {
  // The embedded database unless a test names one.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const [command, args, cwd] = viaNpmStart
    ? ['npm', ['start'], path.resolve(serverDir, '../..')]
    : [process.execPath, ['--import', 'tsx', 'src/main.ts'], serverDir];
  const child = spawn(command, args, {
    cwd,
    env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'warn', INIT_CWD: serverDir, ...env },
    // Its own process group, so a test can clear away whatever a failed stop left running.
    detached: viaNpmStart,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const running = { child, output: () => output, exited };
  started.push(running);
  return running;
}

async function until(running: Running, text: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!running.output().includes(text)) {
    if (Date.now() > deadline || running.child.exitCode !== null) {
      throw new Error(`did not see "${text}"; output:\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls /readyz from the process's first moment until 200; answers each new status seen. */
async function readinessUntilReady(server: Running, base: string): Promise<number[]> {
  const seen: number[] = [];
  while (seen.at(-1) !== 200) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    const status = await fetch(`${base}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status !== 0 && status !== seen.at(-1)) seen.push(status);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return seen;
}

describe('the server process', () => {
  it('keeps data across Ctrl-C and restart, and refuses a second process on the same data', async () => {
    const port = String(await freePort());
    const env = {
      DATA_DIR: data.dir,
      PORT: port,
      HOST: '127.0.0.1',
      GATEWAY_SOCKS_PORT: String(await freePort()),
      GATEWAY_HTTP_PORT: String(await freePort()),
    };
    const base = `http://127.0.0.1:${port}`;

    const first = start(env);
    await until(first, 'Proxy rental portal is running');
    // Not a terminal (a pipe, like a log file): the file is named, the secret never printed.
    expect(first.output()).toMatch(/Admin secret: generated and kept in .*admin-secret \(not shown/);
    const secret = fs.readFileSync(path.join(data.dir, 'admin-secret'), 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(20);
    expect(first.output()).not.toContain(secret);
    const { apiKey } = (await (await fetch(`${base}/api/register`, { method: 'POST' })).json()) as { apiKey: string };

    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another portal process');

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(data.dir, 'portal.pid'))).toBe(false);

    const again = start(env);
    await until(again, 'Proxy rental portal is running');
    expect(again.output()).toContain('Admin secret: kept in');
    expect(again.output()).not.toMatch(/shown once/);
    expect(again.output()).toContain(`Gateway: SOCKS5 and SOCKS4 127.0.0.1:${env.GATEWAY_SOCKS_PORT}`);
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'x-api-key': apiKey } });
    expect(login.status).toBe(200);

    // A crash: the embedded PostgreSQL goes down with the portal, and a postmaster.pid left
    // behind (here one naming a dead process) does not stop the next start.
    const postmasterPid = path.join(data.dir, 'postgres', 'postmaster.pid');
    const postgresPid = Number(fs.readFileSync(postmasterPid, 'utf8').split('\n')[0]);
    again.child.kill('SIGKILL');
    await again.exited;
    await expect.poll(() => isRunning(postgresPid), { timeout: 15_000 }).toBe(false);
    fs.writeFileSync(postmasterPid, `999999\n${path.join(data.dir, 'postgres')}\n0\n5432\n/nowhere\n`);
    const third = start(env);
    await until(third, 'Proxy rental portal is running');
    const wallet = await fetch(`${base}/api/wallet`, { headers: { 'x-api-key': apiKey } });
    expect(wallet.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(postmasterPid)).toBe(false);
  }, 120_000);

  it("runs in npm start's place: SIGTERM to npm's process stops the server and its database", async () => {
    const fresh = tempDir('portal-npm-start-');
    const port = String(await freePort());
    const server = start(
      {
        DATA_DIR: fresh.dir,
        PORT: port,
        HOST: '127.0.0.1',
        GATEWAY_SOCKS_PORT: String(await freePort()),
        GATEWAY_HTTP_PORT: String(await freePort()),
        SHUTDOWN_DELAY_SECONDS: '0',
      },
      true,
    );
    try {
      // The first start in a clone without a build builds the web app and the server first.
      await until(server, 'Proxy rental portal is running', 240_000);
      // The compiled server names the commit it was built from (the build writes it in).
      expect(server.output()).toContain(`Version: ${expectedServerVersion()}\n`);
      const postgresPid = Number(
        fs.readFileSync(path.join(fresh.dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      // What a supervisor or `kill $!` does: the signal goes to npm's process alone.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('Stopped.');
      await expect.poll(() => isRunning(postgresPid), { timeout: 15_000 }).toBe(false);
      const after = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        () => 'answered',
        () => 'closed',
      );
      expect(after).toBe('closed');
    } finally {
      try {
        process.kill(-server.child.pid!, 'SIGKILL');
      } catch {
        // The group has already gone: the stop worked.
      }
      fresh.remove();
    }
  }, 300_000);

  it('stops with exit code 0 on SIGTERM while its embedded database is starting, and stops that database', async () => {
    const fresh = tempDir('portal-stop-starting-');
    try {
      const env = {
        DATA_DIR: fresh.dir,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        ADMIN_SECRET: 'process-test-admin-secret',
        GATEWAY_SOCKS_PORT: String(await freePort()),
        GATEWAY_HTTP_PORT: String(await freePort()),
      };
      const server = start(env);
      // A new data folder: the first thing the start does is make and start its PostgreSQL.
      const postmasterPid = path.join(fresh.dir, 'postgres', 'postmaster.pid');
      await expect.poll(() => fs.existsSync(postmasterPid), { timeout: 60_000, interval: 20 }).toBe(true);
      const postgresPid = Number(fs.readFileSync(postmasterPid, 'utf8').split('\n')[0]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('Stopped.');
      expect(server.output()).not.toContain('Proxy rental portal is running');
      // Stopped by the portal, not left behind or killed with it: a clean stop removes its pid file.
      await expect.poll(() => isRunning(postgresPid), { timeout: 15_000 }).toBe(false);
      expect(fs.existsSync(postmasterPid)).toBe(false);
      expect(fs.existsSync(path.join(fresh.dir, 'portal.pid'))).toBe(false);
      const again = start(env);
      await until(again, 'Proxy rental portal is running');
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      fresh.remove();
    }
  }, 120_000);

  it('refuses to start with a clear message for a bad setting', async () => {
    const bad = start({ DATA_DIR: data.dir, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Configuration error');
    expect(bad.output()).toContain('PORT must be a port number (got "eighty")');
  });

  it('refuses production without an admin secret and with the sandbox provider', async () => {
    const bad = start({ DATA_DIR: data.dir, NODE_ENV: 'production' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('ADMIN_SECRET is required when NODE_ENV=production');
    expect(bad.output()).toContain('PAYMENT_PROVIDER=sandbox is not allowed when NODE_ENV=production');
  });

  it('answers /readyz 503 while starting, and on SIGTERM finishes a purchase in flight, charged once', async () => {
    const fresh = tempDir('portal-ready-');
    try {
      const port = String(await freePort());
      const env = {
        DATA_DIR: fresh.dir,
        PORT: port,
        HOST: '127.0.0.1',
        ADMIN_SECRET: 'process-test-admin-secret',
        GATEWAY_SOCKS_PORT: String(await freePort()),
        GATEWAY_HTTP_PORT: String(await freePort()),
        // The listener closes 1 s after SIGTERM (readiness 503 meanwhile); the rolling restart test covers the delay.
        SHUTDOWN_DELAY_SECONDS: '1',
      };
      const base = `http://127.0.0.1:${port}`;
      const server = start(env);
      // PGlite migrates on the event loop, so a probe waits rather than seeing 503 (see the PostgreSQL case).
      const seen = await readinessUntilReady(server, base);
      expect(seen.at(-1)).toBe(200);
      expect(seen.every((status) => status === 503 || status === 200)).toBe(true);

      const { apiKey } = (await (await fetch(`${base}/api/register`, { method: 'POST' })).json()) as { apiKey: string };
      const post = (url: string, body: object, headers: Record<string, string>) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      const { token } = (await (await post('/api/admin/login', { secretCode: env.ADMIN_SECRET }, {})).json()) as {
        token: string;
      };
      const { referral_key } = (await (await post('/api/login', {}, { 'x-api-key': apiKey })).json()) as {
        referral_key: string;
      };
      const adjusted = await post(
        '/api/admin/customers/adjust',
        { customer: referral_key, amount: 10, reason: 'process test' },
        { authorization: `Bearer ${token}` },
      );
      expect(adjusted.status).toBe(200);
      const list = (await (await fetch(`${base}/api/proxy/list`, { headers: { 'x-api-key': apiKey } })).json()) as {
        proxies: { id: number }[];
      };

      // The purchase's headers and half its body arrive before SIGTERM, the rest after it.
      const body = JSON.stringify({ task: 'up', id: list.proxies[0]!.id, hours: '24' });
      const purchase = net.connect(Number(port), '127.0.0.1');
      let answer = '';
      purchase.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const answered = new Promise<void>((resolve) => purchase.on('close', () => resolve()));
      await new Promise<void>((resolve) => purchase.once('connect', () => resolve()));
      purchase.write(
        `POST /api/proxy/buy HTTP/1.1\r\nHost: x\r\nx-api-key: ${apiKey}\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      // Not ready any more: no new connection is taken.
      const readyz = () =>
        fetch(`${base}/readyz`).then(
          (response) => response.status,
          () => 'refused',
        );
      const deadline = Date.now() + 5_000;
      while ((await readyz()) !== 'refused' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await readyz()).toBe('refused');
      // Written, not ended: Node's server drops a request whose client half-closes before the answer.
      purchase.write(body.slice(10));
      await answered;
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer).toContain('"success":true');
      expect(await server.exited).toBe(0);

      const again = start(env);
      await until(again, 'Proxy rental portal is running');
      const wallet = (await (await fetch(`${base}/api/wallet`, { headers: { 'x-api-key': apiKey } })).json()) as {
        wallet: number;
      };
      const history = (await (
        await fetch(`${base}/api/proxy/history`, { headers: { 'x-api-key': apiKey } })
      ).json()) as { history: unknown[] };
      expect(history.history).toHaveLength(1);
      expect(wallet.wallet).toBe(Number(/"wallet":([\d.]+)/.exec(answer)?.[1]));
      expect(wallet.wallet).toBeLessThan(10);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      for (const running of started.splice(0)) if (running.child.exitCode === null) running.child.kill('SIGKILL');
      fresh.remove();
    }
  }, 120_000);
});

/** On PostgreSQL the event loop stays free while migrations run, so probes see `starting`. */
describe.skipIf(!process.env.DATABASE_URL)('the server process on PostgreSQL', () => {
  /** An API process alone (no gateway) on the database at `url`. */
  const startOnPostgres = (url: URL, port: string, env: Record<string, string> = {}) =>
    start({
      DATABASE_URL: url.toString(),
      PORT: port,
      GATEWAY_ENABLED: 'false',
      ADMIN_SECRET: 'process-test-admin-secret',
      DATA_DIR: data.dir,
      ...env,
    });

  it('answers /readyz 503 while it migrates a new database, then 200', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `portal_t_ready_${process.pid}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    const port = String(await freePort());
    const server = startOnPostgres(url, port);
    try {
      expect(await readinessUntilReady(server, `http://127.0.0.1:${port}`)).toEqual([503, 200]);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);

  it('stops with exit code 0 on SIGTERM while its migration waits on another process', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    // The migration lock held here keeps the start at its migration, /readyz at 503.
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    const port = String(await freePort());
    const server = startOnPostgres(url, port, { SHUTDOWN_DELAY_SECONDS: '30', LOG_LEVEL: 'info' });
    try {
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/readyz`).then(
              (response) => response.status,
              () => 0,
            ),
          { timeout: 30_000, interval: 50 },
        )
        .toBe(503);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('Stopped.');
      expect(server.output()).not.toContain('Proxy rental portal is running');
      // No balancer ever sent it traffic, so the delay before closing is skipped.
      expect(server.output()).toMatch(/"signal":"SIGTERM".*"delayMs":0.*"shutting down"/);
    } finally {
      await holder.end();
    }
  }, 60_000);
});
