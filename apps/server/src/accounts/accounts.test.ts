import { eq, isNull, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSessions, users } from '../db/schema';
import { hashSecret } from '../lib/secrets';
import { SESSION_COOKIE } from '../plugins/customer-auth';
import { buildTestApp, registerCustomer, type TestApp } from '../../test/helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { LOGIN_RATE_LIMIT: '1000', REGISTER_RATE_LIMIT: '1000' } });
});
afterAll(async () => t.close());

function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

async function login(apiKey: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { key: apiKey } });
}

async function wallet(apiKey: string | undefined, session?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/wallet',
    headers: apiKey ? { 'x-api-key': apiKey } : {},
    cookies: session ? { [SESSION_COOKIE]: session } : {},
  });
}

async function userOf(apiKey: string) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.apiKeyHash, hashSecret(apiKey)));
  if (!row) throw new Error('no such user');
  return row;
}

describe('POST /api/register', () => {
  it('returns a fresh key of at least 128 random bits and stores only its hash', async () => {
    const first = await registerCustomer(t.app);
    const second = await registerCustomer(t.app);
    expect(first).toMatch(/^px_[A-Za-z0-9_-]{32}$/);
    expect(second).not.toBe(first);

    const row = await userOf(first);
    expect(row.apiKeyHash).toBe(hashSecret(first));
    expect(JSON.stringify(row)).not.toContain(first);
    expect(row.balanceCents).toBe(0);
    expect(row.referredBy).toBeNull();
  });

  it('links the new customer to the referrer named by the code', async () => {
    const referrerKey = await registerCustomer(t.app);
    const referrer = await userOf(referrerKey);
    const referredKey = await registerCustomer(t.app, referrer.referralKey);
    expect((await userOf(referredKey)).referredBy).toBe(referrer.id);
  });

  it('ignores a code that names nobody and still creates the account', async () => {
    const key = await registerCustomer(t.app, 'nobody-has-this');
    expect((await userOf(key)).referredBy).toBeNull();
  });

  it('accepts no body at all', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
  });
});

describe('POST /api/login', () => {
  it('logs in with the key in the body and starts an httpOnly, SameSite=Strict session', async () => {
    const key = await registerCustomer(t.app);
    const response = await login(key);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, referral_key: (await userOf(key)).referralKey });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
  });

  it('auto-logs in with the x-api-key header and an empty body', async () => {
    const key = await registerCustomer(t.app);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-api-key': key } });
    expect(noBody.statusCode).toBe(200);
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(200);
    expect(emptyJson.json()).toMatchObject({ success: true });
  });

  it('trims the key', async () => {
    const key = await registerCustomer(t.app);
    expect((await login(`  ${key}\n`)).statusCode).toBe(200);
  });

  it.each([
    ['no body and no header', undefined],
    ['an empty key', { key: '' }],
    ['a blank key', { key: '   ' }],
    ['a null key', { key: null }],
  ])('answers 400 "API key is required" for %s', async (_case, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'API key is required', code: 'API_KEY_REQUIRED' });
  });

  it('answers 401 "Invalid API key" for an unknown key, in body or header', async () => {
    const inBody = await login('px_not-a-real-key');
    expect(inBody.statusCode).toBe(401);
    expect(inBody.json()).toEqual({ success: false, error: 'Invalid API key', code: 'INVALID_API_KEY' });
    const inHeader = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-api-key': 'nope' } });
    expect(inHeader.statusCode).toBe(401);
    expect(inHeader.cookies).toHaveLength(0);
  });
});

describe('GET /api/wallet', () => {
  it('answers the balance in dollars', async () => {
    const key = await registerCustomer(t.app);
    expect((await wallet(key)).json()).toEqual({ success: true, wallet: 0 });
    await t.database.db
      .update(users)
      .set({ balanceCents: 1234 })
      .where(eq(users.apiKeyHash, hashSecret(key)));
    expect((await wallet(key)).json()).toEqual({ success: true, wallet: 12.34 });
  });

  it('refuses a call without a key or with an unknown key', async () => {
    const missing = await wallet(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, error: 'API key is required' });
    const unknown = await wallet('px_unknown');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, error: 'Invalid API key' });
  });
});

describe('one active browser session per account', () => {
  it('a second login ends the first browser session; key-only calls keep working', async () => {
    const key = await registerCustomer(t.app);
    const first = sessionCookie(await login(key));
    expect((await wallet(key, first)).statusCode).toBe(200);

    const second = sessionCookie(await login(key));
    const ended = await wallet(key, first);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({
      success: false,
      error: 'Session ended: signed in elsewhere',
      code: 'SESSION_ENDED',
    });
    expect((await wallet(key, second)).statusCode).toBe(200);
    expect((await wallet(key)).statusCode).toBe(200);
  });

  it('concurrent logins leave exactly one open session', async () => {
    const key = await registerCustomer(t.app);
    const responses = await Promise.all(Array.from({ length: 8 }, () => login(key)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const user = await userOf(key);
    const open = await t.database.db
      .select()
      .from(browserSessions)
      .where(and(eq(browserSessions.userId, user.id), isNull(browserSessions.endedAt)));
    expect(open).toHaveLength(1);
    const survivors = await Promise.all(responses.map((r) => wallet(key, sessionCookie(r))));
    expect(survivors.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it("another account's cookie does not affect this account", async () => {
    const keyA = await registerCustomer(t.app);
    const keyB = await registerCustomer(t.app);
    const cookieA = sessionCookie(await login(keyA));
    await login(keyA); // ends cookieA
    expect((await wallet(keyB, cookieA)).statusCode).toBe(200);
  });

  it('logout ends the session and clears the cookie', async () => {
    const key = await registerCustomer(t.app);
    const cookie = sessionCookie(await login(key));
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', cookies: { [SESSION_COOKIE]: cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    const after = await wallet(key, cookie);
    expect(after.statusCode).toBe(401);
    // The customer's own logout, not a login elsewhere.
    expect(after.json()).toMatchObject({ code: 'SESSION_LOGGED_OUT', error: 'Session ended: you logged out' });
  });
});

describe('rate limits', () => {
  it('locks out an address after too many login attempts with 429 and a clear message', async () => {
    const limited = await buildTestApp({ database: t.database, env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      const attempt = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { key: 'px_wrong' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
      const locked = await attempt('203.0.113.7');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ success: false, code: 'LOGIN_RATE_LIMITED' });
      expect(locked.json<{ error: string }>().error).toMatch(/^Too many login attempts\. Try again in /);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await attempt('203.0.113.8')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-ups per address', async () => {
    const limited = await buildTestApp({ database: t.database, env: { REGISTER_RATE_LIMIT: '2' } });
    try {
      const signUp = () => limited.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '198.51.100.4' });
      expect((await signUp()).statusCode).toBe(200);
      expect((await signUp()).statusCode).toBe(200);
      const refused = await signUp();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });
});
