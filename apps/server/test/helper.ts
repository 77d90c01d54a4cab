import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { listenedCustomerCache } from '../src/accounts/customer-cache';
import { buildApp, type AppDeps } from '../src/app';
import type { Clock } from '../src/clock';
import { loadConfig, type Config } from '../src/config';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import { openPglite } from '../src/db/pglite';
import type { ProxyImportRow } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { insertProxies } from '../src/inventory/inventory-repository';
import type { LifecycleDeps } from '../src/jobs/lifecycle-deps';
import { adjustBalance, verifyLedger } from '../src/ledger/ledger-service';
import { hashSecret } from '../src/lib/secrets';
import { listenedHistoryCache } from '../src/rentals/history-cache';
import { listenedCatalogueVersion } from '../src/catalogue/catalogue-cache';
import { listenedNews } from '../src/news/news-cache';
import { createGatewayProvisioner, type Provisioner } from '../src/rentals/provisioner';
import { checkAnswersAgainstDocument } from './document-check';
import { sharedOrigin } from './origin';
import { withDatabase } from './global-setup';

/** A clock that moves only when a test says so. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-15T12:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

/** On PostgreSQL, the URL lets a test start other processes (a standalone gateway) on the same database. */
export type TestDatabase = DatabaseHandle & { url?: string };

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL when DATABASE_URL is set. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const name = `${pgTemplate.template.replace('portal_tpl_', 'portal_t_')}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgTemplate.url });
    await admin.connect();
    try {
      await createFromTemplate(admin, name, pgTemplate.template);
    } finally {
      await admin.end();
    }
    const url = withDatabase(pgTemplate.url, name);
    const handle = openPostgres(url, 20);
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: pgTemplate.url });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup provided no database');
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(dump)]) });
  return openPglite(client);
}

/** Copying a template fails while another copy of it is being made; parallel test files retry. */
async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

export function testConfig(env: Record<string, string> = {}): Config {
  // No test sends datagrams to the public DNS resolver: UDP checks run where a test points them.
  return loadConfig(
    { NODE_ENV: 'test', ADMIN_SECRET: 'test-admin-secret-123', UDP_CHECK_TARGET: 'off', ...env },
    os.tmpdir(),
  );
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
  database?: TestDatabase;
  /** Adds test-only routes before the app is sealed. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Where the manual clock starts; now, for a test whose gateway reports on the real clock. */
  clockStart?: Date;
}

/** The real app on a real database, reached through `app.inject`. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const clock = new ManualClock(options.clockStart);
  // Provisioning and refund checks go through each upstream to a local origin, as in production
  // they go to the portal's own /healthz.
  const origin = await sharedOrigin();
  const config = testConfig({ GATEWAY_CHECK_URL: `${origin.url}/healthz`, ...options.env });
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    clock,
    webDist: null,
    instrument: checkAnswersAgainstDocument,
    ...options.deps,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/**
 * One app for a whole test file: built before its tests and handed to `ready`, closed after them.
 * With `ledgerBalanced`, the file's last check is that the ledger still balances, for the files
 * that move money. Registers vitest hooks, so it is called at the file's top level.
 */
export function appPerFile(
  options: TestAppOptions & { ledgerBalanced?: boolean },
  ready: (t: TestApp) => void | Promise<void>,
): void {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(options);
    await ready(built);
  });
  afterAll(async () => {
    if (!built) return;
    if (options.ledgerBalanced) await expectLedgerBalanced(built);
    await built.close();
  });
}

/** Every wallet still equals the sum of its ledger entries, whatever the file's money paths did. */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  expect((await verifyLedger(t.database.db)).mismatches).toEqual([]);
}

/**
 * Two app processes on one database, each with its own customer, history, catalogue and news
 * caches kept current by the database's notifications, as two `npm start` behind a balancer. The
 * caches keep an entry a minute, so only the notifications can make a change show within a second.
 */
export async function twoCachedApps(
  database: TestDatabase,
): Promise<{ apps: [TestApp, TestApp]; close: () => Promise<void> }> {
  const stops: (() => Promise<void>)[] = [];
  const start = async () => {
    const customers = await listenedCustomerCache(database, 60_000);
    const histories = await listenedHistoryCache(database, 60_000);
    const catalogueVersion = await listenedCatalogueVersion(database, 60_000);
    const news = await listenedNews(database, 60_000);
    stops.push(customers.stop, histories.stop, catalogueVersion.stop, news.stop);
    return buildTestApp({
      database,
      deps: {
        customers: customers.cache,
        histories: histories.cache,
        catalogueVersion: catalogueVersion.value,
        news: news.value,
      },
    });
  };
  const apps: [TestApp, TestApp] = [await start(), await start()];
  return {
    apps,
    close: async () => {
      for (const app of apps) await app.close();
      for (const stop of stops) await stop();
    },
  };
}

/**
 * `twoCachedApps` on a fresh database for a whole test file, closed after its tests; answers the
 * two apps, there once the file's tests run. Registers vitest hooks: called at the top level.
 */
export function twoCachedAppsPerFile(): [() => TestApp, () => TestApp] {
  let database: TestDatabase | undefined;
  let cluster: Awaited<ReturnType<typeof twoCachedApps>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    cluster = await twoCachedApps(database);
  });
  afterAll(async () => {
    await cluster?.close();
    await database?.close();
  });
  const app = (index: 0 | 1) => {
    if (!cluster) throw new Error('the apps start in beforeAll');
    return cluster.apps[index];
  };
  return [() => app(0), () => app(1)];
}

/** Polls `check` every 5 ms; fails after a second. */
export async function withinASecond(check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 1000) throw new Error('not within a second');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

export async function registerCustomer(app: FastifyInstance, referralCode?: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/register', payload: { referralCode } });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.body}`);
  return response.json<{ apiKey: string }>().apiKey;
}

/** A throwaway folder (private, 0700, as a root user's home is) removed by the returned function. */
export function tempDir(prefix = 'portal-'): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `npm run cli -- ...` as an operator would, on the embedded database in `dataDir`. */
export function runCli(dataDir: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...env, DATA_DIR: dataDir, INIT_CWD: dataDir, NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Inventory rows for tests, in the documentation address range. */
export function proxyRows(count: number, overrides: Partial<ProxyImportRow> = {}, firstOctet = 1): ProxyImportRow[] {
  return Array.from({ length: count }, (_, i) => ({
    ip: `198.51.100.${firstOctet + i}`,
    port: 1080,
    protocol: 'SOCKS5' as const,
    type: 'residential' as const,
    country: 'DE',
    region: 'Bavaria',
    city: 'Munich',
    isp: 'Deutsche Telekom',
    zip: '80331',
    fraud_score: 0,
    upstream: 'direct',
    ...overrides,
  }));
}

let nextOctet = 1;

/** Adds proxies to the inventory and answers their ids (addresses never repeat within a file). */
export async function addProxies(
  t: TestApp,
  count: number,
  overrides: Partial<ProxyImportRow> = {},
): Promise<number[]> {
  const rows = proxyRows(count, overrides, nextOctet).map((row, i) => ({
    ...row,
    ip: `198.51.${100 + Math.floor((nextOctet + i) / 250)}.${((nextOctet + i) % 250) + 1}`,
  }));
  nextOctet += count;
  return insertProxies(t.database.db, rows, t.clock.now());
}

export async function userIdOf(t: TestApp, apiKey: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.apiKeyHash, hashSecret(apiKey)));
  if (!row) throw new Error('no such user');
  return row.id;
}

/** A registered customer with money in the wallet (an operator adjustment: a real ledger row). */
export async function fundedCustomer(t: TestApp, cents: number): Promise<{ apiKey: string; userId: number }> {
  const apiKey = await registerCustomer(t.app);
  const userId = await userIdOf(t, apiKey);
  if (cents > 0)
    await adjustBalance(t.database.db, { userId, amountCents: cents, reason: 'test funds', at: t.clock.now() });
  return { apiKey, userId };
}

export function customerCall(t: TestApp, apiKey: string) {
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-api-key': apiKey } }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-api-key': apiKey }, ...(payload ? { payload } : {}) }),
  };
}

/** Reads of the operator API as a signed-in operator makes them, with a token from `adminToken`. */
export function adminCall(t: TestApp, token: string) {
  return { get: (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }) };
}

export async function walletOf(t: TestApp, apiKey: string): Promise<number> {
  return (await customerCall(t, apiKey).get('/api/wallet')).json<{ wallet: number }>().wallet;
}

/** The real provisioner, checking through each upstream against a local origin server. */
export async function testProvisioner(t: TestApp): Promise<Provisioner> {
  const origin = await sharedOrigin();
  return createGatewayProvisioner(t.database.db, `${origin.url}/healthz`, 2000);
}

/** The lifecycle jobs' dependencies for a test app (same database, clock and provisioner). */
export async function lifecycleOf(t: TestApp, provisioner?: Provisioner): Promise<LifecycleDeps> {
  return {
    db: t.database.db,
    clock: t.clock,
    provisioner: provisioner ?? (await testProvisioner(t)),
    graceMs: t.config.rentalGraceMs,
    provisioningDeadlineMs: t.config.provisioningDeadlineMs,
    healthCheckMs: t.config.healthCheckMs,
  };
}

export const HOUR = 3_600_000;

/** A Bearer token from the admin login with the configured secret. */
export async function adminToken(t: TestApp): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { secretCode: t.config.adminSecret },
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}
