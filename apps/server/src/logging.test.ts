import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { portalLoggerOptions, redactSecretsInLine } from './logging';
import { SESSION_COOKIE } from './plugins/customer-auth';
import { discoveryDepsOf, runDiscoveryRound } from './discovery/discovery-service';
import { proxies } from './db/schema';
import { adminToken, buildTestApp, createTestDatabase, customerCall, fundedCustomer } from '../test/helper';
import { closedPort } from '../test/socks-upstream';
import { captureLog, leakScanLogger } from '../test/log-capture';

describe('structured logs', () => {
  it('never contain API keys, session tokens or the admin secret', async () => {
    const { lines, stream } = captureLog();
    const database = await createTestDatabase();
    const t = await buildTestApp({
      database,
      deps: { logger: leakScanLogger(stream) },
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
      // A value the database refuses (class 22) is the request's fault, never a 500.
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

describe('secrets in URLs and upstreams', () => {
  it('a run that pulls a link, imports bad upstreams with passwords and fails discovery logs neither', async () => {
    const { lines, stream } = captureLog();
    const t = await buildTestApp({
      deps: { logger: { ...portalLoggerOptions('trace'), stream } },
      env: { DISCOVERY_TIMEOUT_SECONDS: '1' },
    });
    try {
      const { apiKey } = await fundedCustomer(t, 1_000);
      const created = await customerCall(t, apiKey).post('/api/proxy/export-links', { format: 'ip:port:user:pass' });
      const pullPath = new URL(created.json<{ url: string }>().url).pathname;
      const token = pullPath.split('/').pop() ?? '';
      expect(token.length).toBeGreaterThan(20);
      expect((await t.app.inject({ method: 'GET', url: pullPath })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `${pullPath}x` })).statusCode).toBe(404);
      // The router decodes percent-encoded letters: this spelling is the live link too.
      const encoded = pullPath.replace('/pull/', '/%70ull/');
      expect((await t.app.inject({ method: 'GET', url: encoded })).statusCode).toBe(200);

      const token2 = await adminToken(t);
      const admin = { authorization: `Bearer ${token2}` };
      const password = 'Upstream-S3cret-Pw';
      const bad = [
        t.app.inject({
          method: 'POST',
          url: '/api/admin/proxies',
          headers: admin,
          payload: { proxies: [{ upstream: `socks5://seller:${password}@203.0.113.5:70000` }] },
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/admin/proxies?protocol=socks5',
          headers: { ...admin, 'content-type': 'text/plain' },
          payload: `203.0.113.5:99999:seller:${password}`,
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/admin/proxies?protocol=socks5',
          headers: { ...admin, 'content-type': 'text/plain' },
          payload: `203.0.113.5:1080:seller:${password}${'x'.repeat(9 * 1024 * 1024)}`,
        }),
      ];
      for (const response of await Promise.all(bad)) {
        expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
        expect(response.json<{ error: string }>().error).toMatch(/^Row 1, (upstream|line): /);
        expect(response.body).not.toContain(password);
      }
      expect(await t.database.db.select().from(proxies)).toEqual([]);

      // An upstream that takes the password but cannot be reached: discovery fails with its reason.
      const closed = await closedPort();
      const imported = await t.app.inject({
        method: 'POST',
        url: '/api/admin/proxies',
        headers: admin,
        payload: { proxies: [{ upstream: `socks5://seller:${password}@127.0.0.1:${closed}` }] },
      });
      expect(imported.statusCode).toBe(200);
      await runDiscoveryRound(discoveryDepsOf({ config: t.config, db: t.database.db, clock: t.clock }));
      const [failed] = await t.database.db.select().from(proxies);
      expect(failed?.discovery).toBe('failed');
      await t.app.inject({ method: 'GET', url: '/api/admin/proxies', headers: admin });

      const log = lines.join('');
      expect(log).toContain('/api/pull/[redacted]');
      expect(log).not.toContain(token);
      expect(log).not.toContain(password);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('writes one line per answered request, and probes only at debug', async () => {
    const { lines, stream } = captureLog();
    const database = await createTestDatabase();
    const t = await buildTestApp({ database, deps: { logger: { level: 'info', stream } } });
    try {
      const answered = await t.app.inject({ method: 'GET', url: '/api/proxy/list' });
      await t.app.inject({ method: 'GET', url: '/healthz' });
      await t.app.inject({ method: 'GET', url: '/readyz' });
      const requestLines = lines.filter((line) => line.includes('"reqId"'));
      expect(requestLines).toHaveLength(1);
      const entry = JSON.parse(requestLines[0] ?? '{}') as { msg?: string; res?: { statusCode?: number } };
      expect(entry.msg).toMatch(new RegExp(`^GET /api/proxy/list ${answered.statusCode} [\\d.]+ ms$`));
      expect(entry.res?.statusCode).toBe(answered.statusCode);
    } finally {
      await t.close();
      await database.close();
    }
  });

  it('redacts pull tokens and one-time codes in any URL a line carries', () => {
    expect(redactSecretsInLine('{"url":"/api/pull/AbC_123-x?x=1"}')).toBe('{"url":"/api/pull/[redacted]?x=1"}');
    for (const mistyped of [
      '/API/PULL/AbC_123-x',
      '/api//pull/AbC_123-x',
      '/api/pull/../pull/AbC_123-x',
      '/api%2Fpull%2FAbC_123-x',
      '/api/%70ull/AbC_123-x',
      '/%61pi/PU%4cL/AbC_123-x',
      '/api/./pull/AbC_123-x',
      '/api/%2e%2e/api/pull/AbC_123-x',
    ]) {
      expect(redactSecretsInLine(`{"url":"${mistyped}"}`), mistyped).not.toContain('AbC_123-x');
    }
    // Long runs of slashes and dot segments take linear time (a quadratic pattern took 37 s here).
    const started = performance.now();
    for (const run of ['/./', '%2f', '/']) redactSecretsInLine(`/api${run.repeat(50_000)}x`);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(redactSecretsInLine('GET /confirm?token=s3cr3t&lang=en')).toBe('GET /confirm?token=[redacted]&lang=en');
    expect(redactSecretsInLine('https://t.me/bot?start=c0de1')).toBe('https://t.me/bot?start=[redacted]');
    expect(redactSecretsInLine('/api/payments/status/abc')).toBe('/api/payments/status/abc');
    expect(redactSecretsInLine('POST https://api.telegram.org/bot123456789:AAE-x_Yz09/sendMessage failed')).toBe(
      'POST https://api.telegram.org/bot[redacted]/sendMessage failed',
    );
    expect(redactSecretsInLine('GET /account?email_token=AbC-123')).toBe('GET /account?email_token=[redacted]');
    expect(redactSecretsInLine('GET /api/wallet?password=DV7fXvN1&pwd=x')).toBe(
      'GET /api/wallet?password=[redacted]&pwd=[redacted]',
    );
    // An API key pasted into a path or echoed in a message, under no parameter name.
    const key = 'px_n4U0R4OPfP8JnI7mCvKbIz1aUrpppOQC';
    expect(redactSecretsInLine(`GET /api/wallet/${key} 404`)).toBe('GET /api/wallet/px_[redacted] 404');
    expect(redactSecretsInLine(`No customer with id or referral key \\"${key}\\"`)).not.toContain(key);
    expect(redactSecretsInLine('px_short and px_ alone')).toBe('px_short and px_ alone');
  });
});
