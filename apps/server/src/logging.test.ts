import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS } from './app';
import { SESSION_COOKIE } from './plugins/customer-auth';
import { buildTestApp, createTestDatabase } from '../test/helper';

describe('structured logs', () => {
  it('never contain API keys, session tokens or the admin secret', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
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
});
