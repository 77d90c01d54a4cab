import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from '../../test/helper';
import { isDataAnswer } from './security-headers';

const web = tempDir('portal-web-');
let plain: TestApp;
let secure: TestApp;

beforeAll(async () => {
  fs.writeFileSync(path.join(web.dir, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  plain = await buildTestApp({ deps: { webDist: web.dir } });
  secure = await buildTestApp({ env: { PUBLIC_URL: 'https://shop.example' }, deps: { webDist: web.dir } });
});
afterAll(async () => {
  await plain.close();
  await secure.close();
  web.remove();
});

describe('security headers', () => {
  it('gives JSON answers the short set: nothing loads, nothing frames, nothing sniffs', async () => {
    for (const url of ['/api/news', '/api/wallet', '/api/no-such-call', '/healthz']) {
      const { headers } = await plain.app.inject({ method: 'GET', url });
      expect(headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // A document's policies are not sent with data.
      expect(headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("gives pages and the API's documentation Helmet's full set", async () => {
    for (const url of ['/', '/login', '/api/docs']) {
      const { headers } = await plain.app.inject({ method: 'GET', url });
      expect(headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('adds HSTS to every answer when the shop is reached over https', async () => {
    for (const url of ['/', '/api/news']) {
      const { headers } = await secure.app.inject({ method: 'GET', url });
      expect(headers['strict-transport-security'], url).toMatch(/^max-age=\d+; includeSubDomains$/);
    }
  });

  it('tells data from pages by path, whatever follows it', () => {
    for (const url of ['/api/wallet?x=1', '/healthz?probe=1', '/metrics']) {
      expect(isDataAnswer(url), url).toBe(true);
    }
    for (const url of ['/api/docs/static/index.html', '/api', '/apiary', '/']) {
      expect(isDataAnswer(url), url).toBe(false);
    }
  });
});
