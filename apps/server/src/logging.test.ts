import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS } from './app';
import { SESSION_COOKIE } from './plugins/customer-auth';
import { buildTestApp, createTestDatabase } from '../test/helper';

/** A log destination that keeps every line, to search what was written. */
function captureLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
}

describe('structured logs', () => {
  it('never contain API keys, session tokens or the admin secret', async () => {
    const { lines, stream } = captureLog();
    const database = await createTestDatabase();
    const t = await buildTestApp({
      database,
      deps: {
        logger: {
          level: 'trace',
          stream,
          redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
          // Log whole headers too, so a change of serializers cannot hide a leak from this test.
          serializers: { req: (req: { headers: unknown; url: string }) => ({ url: req.url, headers: req.headers }) },
        },
      },
    });
    try {
      const apiKey = (await t.app.inject({ method: 'POST', url: '/api/register' })).json<{ apiKey: string }>().apiKey;
      const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-api-key': apiKey } });
      const session = login.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { key: apiKey } });
      await t.app.inject({
        method: 'GET',
        url: '/api/wallet',
        headers: { 'x-api-key': apiKey, cookie: `${SESSION_COOKIE}=${session}` },
      });
      await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { 'x-api-key': `${apiKey}x` } });

      const log = lines.join('');
      expect(log).toContain('/api/wallet');
      expect(log).toContain('[redacted]');
      expect(session.length).toBeGreaterThan(20);
      expect(log).not.toContain(apiKey);
      expect(log).not.toContain(session);
      expect(log).not.toContain(t.config.adminSecret ?? 'no secret configured');
    } finally {
      await t.close();
      await database.close();
    }
  });

  it('never contain query parameters of a failed database call', async () => {
    const { lines, stream } = captureLog();
    const database = await createTestDatabase();
    const t = await buildTestApp({
      database,
      deps: { logger: { level: 'info', stream } },
      beforeReady: (app) => {
        app.get('/api/test/failing-query', async () => {
          // A value PostgreSQL refuses and quotes in its own message, as a stored secret could be.
          await database.db.execute(sql`SELECT ${'socks5://user:s3cret-pass@203.0.113.1:1080'}::int`);
          return { ok: true };
        });
      },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/failing-query' });
      // A value the database refuses (class 22) is the request's fault, never a 500 (issue 14).
      expect(response.statusCode).toBe(400);
      const log = lines.join('');
      expect(log).toContain('database query failed');
      expect(log).toContain('22P02');
      expect(log).not.toContain('s3cret-pass');
    } finally {
      await t.close();
      await database.close();
    }
  });
});
