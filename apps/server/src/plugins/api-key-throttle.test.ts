import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerCustomer, type TestApp } from '../../test/helper';
import { FAILED_API_KEYS_PER_MINUTE } from './api-key-throttle';

let t: TestApp;
let apiKey: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  apiKey = await registerCustomer(t.app);
});
afterAll(async () => t.close());

const wallet = (key: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: '/api/wallet', headers: { 'x-api-key': key }, remoteAddress });

describe('guessing API keys', () => {
  it(`gives 429 to calls with a key from an address after ${FAILED_API_KEYS_PER_MINUTE} unknown keys, for the rest of the minute`, async () => {
    for (let i = 0; i < FAILED_API_KEYS_PER_MINUTE; i += 1) {
      const guess = await wallet(`px_guess${i}`, '203.0.113.31');
      expect(guess.statusCode).toBe(401);
    }
    const blocked = await wallet(apiKey, '203.0.113.31');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'API_KEY_RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await wallet('px_another_guess', '203.0.113.31')).statusCode).toBe(429);

    // Other addresses, and calls without a key from the same one, are not affected.
    expect((await wallet(apiKey, '203.0.113.32')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/news', remoteAddress: '203.0.113.31' })).statusCode).toBe(
      200,
    );

    t.clock.advance(60_000);
    expect((await wallet(apiKey, '203.0.113.31')).statusCode).toBe(200);
  });

  it('does not count a right key or a missing key as a failed key check', async () => {
    for (let i = 0; i < FAILED_API_KEYS_PER_MINUTE + 5; i += 1) {
      expect((await wallet(apiKey, '203.0.113.33')).statusCode).toBe(200);
      const missing = await t.app.inject({ method: 'GET', url: '/api/wallet', remoteAddress: '203.0.113.33' });
      expect(missing.json()).toMatchObject({ code: 'API_KEY_REQUIRED' });
    }
    expect((await wallet(apiKey, '203.0.113.33')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    for (let i = 0; i < FAILED_API_KEYS_PER_MINUTE; i += 1) {
      await wallet(`px_guess${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`);
    }
    expect((await wallet(apiKey, '2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    expect((await wallet(apiKey, '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});
