import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisUp = await redisAnswers();
if (!redisUp) {
  console.warn(
    `shared rate limits: skipped, no Redis answers at ${REDIS_URL} (start one: redis-server --daemonize yes)`,
  );
}

/** 429s of the login limit so far in /metrics (one process-wide counter). */
async function loginRefusals(t: TestApp): Promise<number> {
  const { body } = await t.app.inject({ method: 'GET', url: '/metrics' });
  return Number(/^proxyport_refusals_total\{limit="rate_limit \/api\/login"\} (\d+)$/m.exec(body)?.[1] ?? 0);
}

/** Two API processes' apps on one database and one Redis, as behind a load balancer. */
describe.skipIf(!redisUp)('rate limits with REDIS_URL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp({ env: { REDIS_URL } });
    second = await buildTestApp({ env: { REDIS_URL }, database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('are counted across processes: the 11th wrong login over both gets 429', async () => {
    // An address of its own per run, so counts left in Redis by an earlier run do not interfere.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const login = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-api-key': 'px_wrong' } });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await login(attempt % 2 === 0 ? first : second);
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const eleventh = await login(first);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ code: 'LOGIN_RATE_LIMITED' });
    // Another address is not affected.
    const other = await first.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.255.255.254',
      headers: { 'x-api-key': 'px_wrong' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('count failed API keys across processes: after 30 over both, a right key gets 429 on either', async () => {
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const register = await first.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '192.0.2.77' });
    const apiKey = register.json<{ apiKey: string }>().apiKey;
    const wallet = (t: TestApp, key: string) =>
      t.app.inject({ method: 'GET', url: '/api/wallet', remoteAddress, headers: { 'x-api-key': key } });
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      expect((await wallet(attempt % 2 === 0 ? first : second, `px_guess${attempt}`)).statusCode).toBe(401);
    }
    // Each process saw only 15: without Redis neither would refuse yet.
    for (const t of [first, second]) {
      const blocked = await wallet(t, apiKey);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'API_KEY_RATE_LIMITED' });
    }
  });
});

describe('rate limits without REDIS_URL', () => {
  it('stay in each process: one process does not see the other’s attempts', async () => {
    const first = await buildTestApp();
    const second = await buildTestApp({ database: first.database });
    try {
      const login = (t: TestApp) =>
        t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-api-key': 'px_wrong' } });
      const refusedBefore = await loginRefusals(first);
      for (let attempt = 1; attempt <= 10; attempt += 1) expect((await login(first)).statusCode).toBe(401);
      expect((await login(first)).statusCode).toBe(429);
      expect((await login(second)).statusCode).toBe(401);
      expect(await loginRefusals(first)).toBe(refusedBefore + 1);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
