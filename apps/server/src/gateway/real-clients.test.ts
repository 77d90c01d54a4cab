import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { chromium, type LaunchOptions } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentals } from '../db/schema';
import type { Gateway } from './gateway';
import { until } from '../../test/gateway-kit';
import { addProxies, buildTestApp, customerCall, fundedCustomer, type TestApp } from '../../test/helper';
import { startTestGateway } from '../../test/live-rental-kit';
import { freePortRange } from '../../test/ip-auth-kit';
import { startOrigin } from '../../test/origin';

const run = promisify(execFile);

/**
 * The clients customers use: curl on both shared ports and on a rental's own port, with
 * and without IP authorization, and headless Chromium, which has no SOCKS5 password support: it
 * goes through the own port by address, or through the HTTP port with the password.
 */
let t: TestApp;
let gateway: Gateway;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let rental: { user: string; pass: string; port: number };

beforeAll(async () => {
  origin = await startOrigin();
  const range = await freePortRange(1, ['127.0.0.1']);
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000', GATEWAY_PORT_RANGE: `${range.first}-${range.last}` } });
  gateway = await startTestGateway(t, { privateTargets: 'allow' });
  const customer = await fundedCustomer(t, 10_000);
  const [proxyId] = await addProxies(t, 1);
  await customerCall(t, customer.apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: 1 });
  const [row] = await t.database.db
    .update(rentals)
    .set({ status: 'connected', endTime: new Date(Date.now() + 3_600_000) })
    .where(eq(rentals.proxyId, proxyId!))
    .returning();
  const set = await customerCall(t, customer.apiKey).post('/api/proxy/ip-auth', {
    proxy_id: proxyId,
    ips: ['127.0.0.1'],
  });
  const { port } = set.json<{ ip_auth: { port: number } }>().ip_auth;
  rental = { user: row!.username, pass: row!.password, port };
  await until(
    () => gateway.store.authorize(rental.user, rental.pass) !== null && gateway.ownPorts.listening.includes(port),
  );
});
afterAll(async () => {
  await gateway.close();
  await origin.close();
  await t.close();
});

/** curl's status code for the origin's /healthz through `proxy`; 0 when the proxy refused. */
async function curl(proxy: string, extra: string[] = []): Promise<string> {
  const result = await run(
    '/usr/bin/curl',
    [
      '-sS',
      '--max-time',
      '10',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-x',
      proxy,
      ...extra,
      `${origin.url}/healthz`,
    ],
    { timeout: 15_000 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return result.stdout.trim();
}

describe('curl', () => {
  it('goes through both shared ports with the password', async () => {
    const credentials = `${rental.user}:${rental.pass}`;
    expect(await curl(`socks5://${credentials}@127.0.0.1:${gateway.socksPort}`)).toBe('200');
    expect(await curl(`http://${credentials}@127.0.0.1:${gateway.httpPort}`)).toBe('200');
    expect(await curl(`http://${credentials}@127.0.0.1:${gateway.httpPort}`, ['--proxytunnel'])).toBe('200');
    expect(await curl(`socks5://127.0.0.1:${gateway.socksPort}`)).not.toBe('200');
    expect(await curl(`http://127.0.0.1:${gateway.httpPort}`)).toBe('407');
  });

  it('goes through the own port without a password from a listed address, and only with it from others', async () => {
    const own = `127.0.0.1:${rental.port}`;
    expect(await curl(`socks5://${own}`)).toBe('200');
    expect(await curl(`socks5h://${own}`)).toBe('200');
    expect(await curl(`http://${own}`)).toBe('200');
    expect(await curl(`http://${own}`, ['--proxytunnel'])).toBe('200');

    const elsewhere = ['--interface', '127.0.0.2'];
    expect(await curl(`socks5://${own}`, elsewhere)).not.toBe('200');
    expect(await curl(`http://${own}`, elsewhere)).toBe('407');
    const credentials = `${rental.user}:${rental.pass}`;
    expect(await curl(`socks5://${credentials}@${own}`, elsewhere)).toBe('200');
    expect(await curl(`http://${credentials}@${own}`, elsewhere)).toBe('200');
  });
});

describe('headless Chromium', () => {
  // Chromium sends loopback straight out unless told otherwise; the test's origin is on loopback.
  const viaLoopback = '--proxy-bypass-list=<-loopback>';

  /** Chromium, launched with `options`, loads the origin's /healthz through the gateway. */
  async function loadsThroughGateway(options: LaunchOptions) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      ...options,
    });
    try {
      const page = await browser.newPage();
      const response = await page.goto(`${origin.url}/healthz`);
      expect(response?.status()).toBe(200);
      expect(await page.textContent('body')).toContain('"status":"ok"');
    } finally {
      await browser.close();
    }
  }

  it('loads a page through the own SOCKS5 port by IP authorization', { timeout: 60_000 }, async () => {
    await loadsThroughGateway({ args: [`--proxy-server=socks5://127.0.0.1:${rental.port}`, viaLoopback] });
  });

  it('loads a page through the HTTP port with the password', { timeout: 60_000 }, async () => {
    await loadsThroughGateway({
      proxy: { server: `http://127.0.0.1:${gateway.httpPort}`, username: rental.user, password: rental.pass },
      args: [viaLoopback],
    });
  });
});
