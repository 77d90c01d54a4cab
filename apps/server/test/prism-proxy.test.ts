import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './ports';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, buildTestApp, tempDir, type TestApp } from './helper';
import { connectedRentalRow } from './live-rental-kit';

/**
 * A third party's check of the API document: Stoplight Prism in proxy mode with `--errors` sits
 * between a client and the real server and refuses any request or answer the served document
 * (/api/docs/json) does not describe. The requests are the README's own forms, the ones a
 * document once refused: register and login without a body, imports as text, a webhook's raw
 * body, exports as CSV and JSON, a pull link, a 304.
 */
const PRISM = path.resolve(import.meta.dirname, '../../../node_modules/.bin/prism');
const folder = tempDir('portal-prism-');
let t: TestApp;
let prism: ChildProcess;
let base = '';
let prismLog = '';

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      // A provider with a signature to check; it is never called, as the signature is wrong.
      PAYMENT_PROVIDER: 'cryptomus',
      CRYPTOMUS_URL: 'http://127.0.0.1:9',
      CRYPTOMUS_MERCHANT: 'merchant',
      CRYPTOMUS_API_KEY: 'key',
    },
  });
  const upstream = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const document = path.join(folder.dir, 'openapi.json');
  fs.writeFileSync(document, (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
  const port = await freePort();
  prism = spawn(PRISM, ['proxy', document, upstream, '--errors', '-h', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => (prismLog += chunk.toString());
  prism.stdout?.on('data', collect);
  prism.stderr?.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const started = setInterval(() => {
      if (prismLog.includes('Prism is listening')) resolve();
      else if (prism.exitCode !== null) reject(new Error(`prism exited: ${prismLog}`));
      else return;
      clearInterval(started);
    }, 100);
  });
  base = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  prism?.kill();
  await t?.close();
  folder.remove();
});

/** A request through Prism; the answer must be the server's, with no violation Prism saw. */
async function through(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const response = await fetch(`${base}${url}`, { method, headers: init.headers, body: init.body });
  const text = await response.text();
  expect(response.headers.get('sl-violations'), `${method} ${url}: ${text}\n${prismLog.slice(-2000)}`).toBeNull();
  return { status: response.status, type: response.headers.get('content-type'), text, headers: response.headers };
}

describe('the API document, checked by Prism in proxy mode over the README’s requests', () => {
  it('is checked: a request the document refuses is refused by Prism, not the server', async () => {
    const response = await fetch(`${base}/api/proxy/buy`, {
      method: 'POST',
      headers: { 'x-api-key': 'k'.repeat(32), 'content-type': 'application/json' },
      body: '{"task":"up","id":"one","hours":1}',
    });
    const body = await response.text();
    expect([response.status, response.headers.get('content-type')?.split(';')[0]], body).toEqual([
      422,
      'application/problem+json',
    ]);
    expect(body).toContain('https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY');
  });

  it('sign-up without a body, login with only the x-api-key header', async () => {
    const registered = await through('POST', '/api/register');
    expect(registered.status).toBe(200);
    const { apiKey } = JSON.parse(registered.text) as { apiKey: string };
    const login = await through('POST', '/api/login', { headers: { 'x-api-key': apiKey } });
    expect(login.status).toBe(200);
    const unknown = await through('POST', '/api/login', { headers: { 'x-api-key': 'no-such-key-0000' } });
    expect(unknown.status).toBe(401);
  });

  it('an import as text/plain and as text/csv, with the Bearer token', async () => {
    const authorization = `Bearer ${await adminToken(t)}`;
    const lines = await through('POST', '/api/admin/proxies?protocol=socks5', {
      headers: { authorization, 'content-type': 'text/plain' },
      body: '127.0.0.1:9:user:pass\n',
    });
    expect(lines.status).toBe(200);
    const csv = await through('POST', '/api/admin/proxies', {
      headers: { authorization, 'content-type': 'text/csv' },
      body: 'ip,port,protocol,type,country,upstream\n192.0.2.77,1080,SOCKS5,mobile,US,direct\n',
    });
    expect(csv.status).toBe(200);
    const refused = await through('POST', '/api/admin/proxies', {
      headers: { authorization, 'content-type': 'text/csv' },
      body: 'ip,port,upstream\n192.0.2.78,0,direct\n',
    });
    expect(refused.status).toBe(400);
  });

  it("a provider's webhook with a raw body (a wrong signature is a 401)", async () => {
    const webhook = await through('POST', '/api/payments/webhook/cryptomus', {
      headers: { 'content-type': 'application/json' },
      body: '{"type":"payment","uuid":"x","order_id":"1","status":"paid","sign":"wrong"}',
    });
    expect(webhook.status).toBe(401);
  });

  it('exports as text, CSV and JSON, a pull link, and a 304 of sumid', async () => {
    const { apiKey } = await connectedRentalRow(t);
    const headers = { 'x-api-key': apiKey };
    const lines = await through('GET', '/api/proxy/export?format=ip:port:user:pass', { headers });
    expect([lines.status, lines.type?.split(';')[0]]).toEqual([200, 'text/plain']);
    const csv = await through('GET', '/api/proxy/export?format=csv', { headers });
    expect([csv.status, csv.type?.split(';')[0]]).toEqual([200, 'text/csv']);
    const json = await through('GET', '/api/proxy/export?format=json', { headers });
    expect([json.status, json.type?.split(';')[0]]).toEqual([200, 'application/json']);
    expect(JSON.parse(json.text)).toHaveLength(1);

    const link = await through('POST', '/api/proxy/export-links', {
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"format":"socks5://user:pass@ip:port"}',
    });
    const pullPath = new URL((JSON.parse(link.text) as { url: string }).url).pathname;
    const pulled = await through('GET', pullPath);
    expect([pulled.status, pulled.type?.split(';')[0]]).toEqual([200, 'text/plain']);
    expect(pulled.text).toMatch(/^socks5:\/\//);

    const sumid = await through('GET', '/api/proxy/sumid', { headers });
    const etag = sumid.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const unchanged = await through('GET', '/api/proxy/sumid', { headers: { ...headers, 'if-none-match': etag } });
    expect([unchanged.status, unchanged.text]).toEqual([304, '']);
  });
});
