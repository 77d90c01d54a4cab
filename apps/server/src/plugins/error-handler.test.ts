import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { buildTestApp, registerCustomer, type TestApp } from '../../test/helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: { LOGIN_RATE_LIMIT: '1000', REGISTER_RATE_LIMIT: '1000' },
    beforeReady: (app) => {
      app.get('/api/test/throws', async () => {
        throw new Error('connection string postgres://secret@db leaked');
      });
      // What drizzle throws when PostgreSQL refuses a value (class 22, here 22021 for NUL).
      app.get('/api/test/refused-value', async () => {
        throw Object.assign(new Error('Failed query: insert into news ...'), {
          cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
        });
      });
    },
  });
});
afterAll(async () => t.close());

async function userCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

const post = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('junk requests get a clear 4xx and change nothing', () => {
  it.each([
    ['invalid JSON', '{"referralCode":', 400, 'INVALID_JSON'],
    ['a JSON array', '[1,2,3]', 400, 'BAD_REQUEST'],
    ['a JSON string', '"hello"', 400, 'BAD_REQUEST'],
    ['a number', '42', 400, 'BAD_REQUEST'],
    ['a wrong type', '{"referralCode":{"nested":true}}', 400, 'BAD_REQUEST'],
    ['a huge string', JSON.stringify({ referralCode: 'x'.repeat(50_000) }), 400, 'BAD_REQUEST'],
    ['prototype poisoning', '{"__proto__":{"admin":true}}', 400, 'INVALID_JSON'],
    ['a body over the limit', JSON.stringify({ referralCode: 'x'.repeat(300_000) }), 413, 'PAYLOAD_TOO_LARGE'],
  ])('register with %s', async (_case, payload, status, code) => {
    const before = await userCount();
    const response = await post('/api/register', payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code });
    expect(typeof response.json<{ error: string }>().error).toBe('string');
    expect(await userCount()).toBe(before);
  });

  it('names the field and the rule in validation errors', async () => {
    const response = await post('/api/login', JSON.stringify({ key: 'k'.repeat(500) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Invalid key: must be at most 200 characters',
      code: 'BAD_REQUEST',
    });
    const wrongType = await post('/api/login', JSON.stringify({ key: 12345 }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ error: string }>().error).toMatch(/^Invalid key: /);
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const response = await post('/api/register', '<xml/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('ignores unknown fields', async () => {
    const response = await post('/api/register', JSON.stringify({ referralCode: null, isAdmin: true, balance: 1e9 }));
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['apiKey', 'success']);
  });

  it('survives a burst of mixed junk and keeps serving', async () => {
    const junk = ['{', '[]', 'null', '{"key":[]}', '{"key":{"$gt":""}}', '\u0000', '{"key":"\\ud800"}'];
    const responses = await Promise.all(junk.map((body) => post('/api/login', body)));
    for (const response of responses) expect(response.statusCode).toBeGreaterThanOrEqual(400);
    for (const response of responses) expect(response.statusCode).toBeLessThan(500);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(await registerCustomer(t.app)).toMatch(/^px_/);
  });
});

describe('error envelope', () => {
  it('answers unknown API paths with 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
  });

  it('hides the message of an unexpected error behind "Server error"', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/throws' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, error: 'Server error', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret');
  });
});

describe('values the database refuses', () => {
  it('answer 400, never 500, and say nothing of the query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/refused-value' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'A value in the request cannot be stored',
      code: 'BAD_REQUEST',
    });
  });
});
