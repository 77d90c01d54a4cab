import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentalOrders, rentals, users } from '../src/db/schema';
import { insertProxies } from '../src/inventory/inventory-repository';
import { adjustBalance } from '../src/ledger/ledger-service';
import { hashSecret } from '../src/lib/secrets';
import { createTestDatabase, proxyRows, tempDir, type TestDatabase } from './helper';
import { freePort } from './ports';

/**
 * "Two processes can restart one after the other with no failed request." Two API
 * processes on one PostgreSQL database behind a balancer that does what compose's HAProxy does
 * (deploy/haproxy.cfg): it checks each one's /readyz on an interval, takes a process out after
 * two failed checks and back after two good ones, and tries another process when a connection
 * is refused. Requests flow all along while A, then B, is stopped (SIGTERM) and started again.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
/** HAProxy's `inter` in compose is 2 s; here 250 ms, with the delay scaled to match (2 s > 2 x 250 ms + a request). */
const CHECK_MS = 250;
/**
 * How long one check may take. HAProxy allows `timeout check` (else `inter`, 2 s in
 * deploy/haproxy.cfg); under a loaded CI machine a ready process sometimes took over 250 ms to
 * answer two checks in a row and was taken out, leaving no process up.
 */
const CHECK_TIMEOUT_MS = 2_000;
const SHUTDOWN_DELAY_SECONDS = process.env.ROLLING_DELAY ?? '2';
const data = tempDir('portal-rolling-');

interface Backend {
  port: number;
  up: boolean;
  streak: number;
  agent: http.Agent;
  child: ChildProcessWithoutNullStreams | null;
  output: string;
}

let database: TestDatabase;
const backends: Backend[] = [];

function startProcess(backend: Backend): Promise<void> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      INIT_CWD: serverDir,
      DATA_DIR: data.dir,
      DATABASE_URL: database.url ?? '',
      PORT: String(backend.port),
      HOST: '127.0.0.1',
      GATEWAY_ENABLED: 'false',
      DEMO_INVENTORY: '0',
      ADMIN_SECRET: 'rolling-test-admin-secret',
      REGISTER_RATE_LIMIT: '1000',
      SHUTDOWN_DELAY_SECONDS,
    },
  });
  backend.child = child;
  backend.output = '';
  child.stdout.on('data', (chunk: Buffer) => (backend.output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (backend.output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (backend.output.includes('Proxy rental portal is running')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited:\n${backend.output}`));
      }
    }, 50);
  });
}

function request(
  backend: Backend,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port: backend.port, method, path: url, headers, agent: backend.agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The balancer's health checks: `check inter 250ms fall 2 rise 2` on /readyz. */
function healthChecks(): () => void {
  const timer = setInterval(() => {
    for (const backend of backends) {
      const check = http.get({
        host: '127.0.0.1',
        port: backend.port,
        path: '/readyz',
        agent: false,
        timeout: CHECK_TIMEOUT_MS,
      });
      const seen = (ok: boolean) => {
        backend.streak = ok === backend.up ? 0 : backend.streak + 1;
        if (backend.streak >= 2) {
          backend.up = ok;
          backend.streak = 0;
        }
      };
      check.on('response', (response) => {
        response.resume();
        seen(response.statusCode === 200);
      });
      check.on('error', () => seen(false));
      check.on('timeout', () => check.destroy());
    }
  }, CHECK_MS);
  return () => clearInterval(timer);
}

let next = 0;
/** Round robin over the processes marked up; a refused connection is tried on another (HAProxy's `retries` + `redispatch`). */
async function balanced(method: string, url: string, headers: Record<string, string>, body?: string): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const up = backends.filter((backend) => backend.up);
    const backend = up[next++ % Math.max(up.length, 1)];
    if (!backend) throw new Error('no process is up');
    try {
      return await request(backend, method, url, headers, body);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED' || attempt >= 3) throw error;
    }
  }
}

async function stopAndStart(backend: Backend, purchase: () => Promise<number>): Promise<number> {
  const child = backend.child;
  if (!child) throw new Error('not running');
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A purchase sent to this process, then the stop at once: it is under way when SIGTERM lands.
  const bought = purchase();
  child.kill('SIGTERM');
  const status = await bought;
  expect(await exited).toBe(0);
  await startProcess(backend);
  // Back in rotation only after two good checks, as HAProxy's `rise 2`.
  while (!backend.up) await new Promise((resolve) => setTimeout(resolve, 20));
  return status;
}

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  database = await createTestDatabase();
  for (let i = 0; i < 2; i += 1) {
    const backend: Backend = {
      port: await freePort(),
      up: false,
      streak: 0,
      agent: new http.Agent({ keepAlive: true }),
      child: null,
      output: '',
    };
    backends.push(backend);
    await startProcess(backend);
  }
}, 120_000);

afterAll(async () => {
  for (const backend of backends) {
    backend.agent.destroy();
    if (backend.child?.exitCode === null) backend.child.kill('SIGKILL');
  }
  await database?.close();
  data.remove();
});

describe.skipIf(!process.env.DATABASE_URL)('a rolling restart of two API processes behind a balancer', () => {
  it('fails no request, and a purchase in flight at SIGTERM is charged once', async () => {
    const stopChecks = healthChecks();
    try {
      while (!backends.every((backend) => backend.up)) await new Promise((resolve) => setTimeout(resolve, 20));
      const registered = await new Promise<string>((resolve, reject) => {
        const outgoing = http.request({
          host: '127.0.0.1',
          port: backends[0]!.port,
          method: 'POST',
          path: '/api/register',
        });
        outgoing.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve((JSON.parse(text) as { apiKey: string }).apiKey));
        });
        outgoing.on('error', reject);
        outgoing.end();
      });
      const [user] = await database.db
        .select()
        .from(users)
        .where(eq(users.apiKeyHash, hashSecret(registered)));
      await adjustBalance(database.db, {
        userId: user!.id,
        amountCents: 10_000,
        reason: 'rolling test',
        at: new Date(),
      });
      const proxyIds = await insertProxies(database.db, proxyRows(2), new Date());
      const headers = { 'x-api-key': registered };

      let flowing = true;
      const outcomes = { ok: 0, failed: [] as string[] };
      const workers = Array.from({ length: 4 }, async (_, worker) => {
        for (let i = 0; flowing; i += 1) {
          const url = (i + worker) % 2 === 0 ? '/api/wallet' : '/api/proxy/history';
          try {
            const status = await balanced('GET', url, headers);
            if (status === 200) outcomes.ok += 1;
            else outcomes.failed.push(`${url}: ${status}`);
          } catch (error) {
            outcomes.failed.push(`${url}: ${(error as Error).message}`);
            // A failure can be immediate ("no process is up"): never spin without yielding.
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }
      });
      const buy = (backend: Backend, proxyId: number) => () =>
        request(
          backend,
          'POST',
          '/api/proxy/buy',
          { ...headers, 'content-type': 'application/json' },
          JSON.stringify({ task: 'up', id: proxyId, hours: 1 }),
        );
      const purchases: (number | string)[] = [];
      try {
        for (const [index, backend] of backends.entries()) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          purchases.push(
            await stopAndStart(backend, buy(backend, proxyIds[index]!)).catch((error: Error) => error.message),
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      } finally {
        flowing = false;
        await Promise.all(workers);
      }

      expect(outcomes.failed.slice(0, 5)).toEqual([]);
      expect(outcomes.ok).toBeGreaterThan(50);
      expect(purchases).toEqual([200, 200]);
      const orders = await database.db
        .select({ id: rentalOrders.id, amount: rentalOrders.amountCents })
        .from(rentalOrders)
        .innerJoin(rentals, eq(rentals.id, rentalOrders.rentalId))
        .where(eq(rentals.userId, user!.id));
      expect(orders).toHaveLength(2);
      const spent = orders.reduce((sum, order) => sum + order.amount, 0);
      const wallet = await balanced('GET', '/api/wallet', headers);
      expect(wallet).toBe(200);
      const [after] = await database.db.select().from(users).where(eq(users.id, user!.id));
      expect(after?.balanceCents).toBe(10_000 - spent);
    } finally {
      stopChecks();
    }
  }, 180_000);
});
