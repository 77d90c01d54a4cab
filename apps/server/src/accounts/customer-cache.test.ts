import { describe, expect, it } from 'vitest';
import { adjustBalance } from '../ledger/ledger-service';
import {
  addProxies,
  twoCachedAppsPerFile,
  customerCall,
  registerCustomer,
  userIdOf,
  type TestApp,
} from '../../test/helper';

const [one, two] = twoCachedAppsPerFile();

function wallet(t: TestApp, apiKey: string, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/wallet',
    headers: { 'x-api-key': apiKey, ...(cookie ? { cookie } : {}) },
  });
}

async function login(t: TestApp, apiKey: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-api-key': apiKey } });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'portal_session');
  if (!cookie) throw new Error('no session cookie');
  return `portal_session=${cookie.value}`;
}

/** Milliseconds until `check` holds, polling every 5 ms; fails after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

describe('the customer cache across processes', () => {
  it('refuses a session ended by a login on the other process within a second', async () => {
    const apiKey = await registerCustomer(one().app);
    const first = await login(two(), apiKey);
    // Both processes now hold the customer and this session as valid.
    for (const t of [one(), two()]) expect((await wallet(t, apiKey, first)).statusCode).toBe(200);

    await login(one(), apiKey);
    const elapsed = await within(1000, async () => (await wallet(two(), apiKey, first)).statusCode === 401);
    expect(elapsed).toBeLessThan(1000);
    const refused = await wallet(two(), apiKey, first);
    expect(refused.json()).toMatchObject({ success: false, code: 'SESSION_ENDED' });
    expect((await wallet(one(), apiKey, first)).statusCode).toBe(401);
  });

  it('shows a balance changed elsewhere within a second, and a purchase at once on the process that made it', async () => {
    const apiKey = await registerCustomer(one().app);
    const userId = await userIdOf(one(), apiKey);
    for (const t of [one(), two()]) expect((await wallet(t, apiKey)).json()).toMatchObject({ wallet: 0 });

    // An operator's adjustment (another process): both learn of it by notification.
    await adjustBalance(one().database.db, { userId, amountCents: 500, reason: 'test', at: one().clock.now() });
    for (const t of [one(), two()]) {
      await within(1000, async () => (await wallet(t, apiKey)).json<{ wallet: number }>().wallet === 5);
    }
    const [proxyId] = await addProxies(one(), 1);
    const bought = await customerCall(one(), apiKey).post('/api/proxy/buy', { task: 'up', id: proxyId, hours: '1' });
    expect(bought.statusCode).toBe(200);
    const after = bought.json<{ wallet: number }>().wallet;
    expect(after).toBeLessThan(5);
    expect((await wallet(one(), apiKey)).json()).toMatchObject({ wallet: after });
    await within(1000, async () => (await wallet(two(), apiKey)).json<{ wallet: number }>().wallet === after);
  });

  it('refuses a session logged out on the other process', async () => {
    const apiKey = await registerCustomer(one().app);
    const cookie = await login(one(), apiKey);
    expect((await wallet(one(), apiKey, cookie)).statusCode).toBe(200);
    // Logging out ends the session on every process at once.
    const out = await one().app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    await within(1000, async () => (await wallet(two(), apiKey, cookie)).statusCode === 401);
    expect((await wallet(one(), apiKey, cookie)).statusCode).toBe(401);
  });
});
