import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../../test/helper';

let t: TestApp;
const web = tempDir('portal-web-');

beforeAll(async () => {
  fs.mkdirSync(path.join(web.dir, 'assets'));
  fs.writeFileSync(path.join(web.dir, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  fs.writeFileSync(path.join(web.dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(web.dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ deps: { webDist: web.dir } });
});
afterAll(async () => {
  await t.close();
  web.remove();
});

describe('serving the web app', () => {
  it.each(['/', '/login', '/proxy', '/articles/setup-proxy', '/some/unknown/path?ref=abc'])(
    'answers %s with the app (history-API fallback)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets as immutable and other files as revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API misses and non-GET requests as JSON 404s', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/unknown' },
      { method: 'POST' as const, url: '/proxy' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('serves the sandbox checkout page only while the sandbox provider is active', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/pay/some-uuid' })).statusCode).toBe(200);
    const real = await buildTestApp({
      database: t.database,
      deps: { webDist: web.dir },
      env: {
        PAYMENT_PROVIDER: 'btcpay',
        BTCPAY_URL: 'http://127.0.0.1:9',
        BTCPAY_API_KEY: 'k',
        BTCPAY_STORE_ID: 's',
        BTCPAY_WEBHOOK_SECRET: 'w',
      },
    });
    try {
      expect((await real.app.inject({ method: 'GET', url: '/pay/some-uuid' })).statusCode).toBe(404);
      expect((await real.app.inject({ method: 'GET', url: '/payment' })).statusCode).toBe(200);
    } finally {
      await real.close();
    }
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows styles from the app itself only: no inline styles and no other origin', async () => {
    const policy = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const styles = /style-src ([^;]*)/.exec(policy)?.[1];
    expect(styles).toBe("'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('https:');
    // Only the API documentation, whose viewer injects its styles, relaxes this.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(/style-src ([^;]*)/.exec(String(docs.headers['content-security-policy']))?.[1]).toBe(
      "'self' 'unsafe-inline'",
    );
  });
});
