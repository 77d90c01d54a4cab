import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from '../../test/ports';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { buildTestApp, customerCall, tempDir, type TestApp } from '../../test/helper';
import { connectedRental, connectedRentalRow, startTestGateway, settledTraffic } from '../../test/live-rental-kit';
import { startGatewayProcess } from '../../test/gateway-process-kit';
import { startOrigin } from '../../test/origin';
import { socksUpstream } from '../../test/socks-upstream';
import type { Gateway } from './gateway';
import { basic, until } from '../../test/gateway-kit';
import { FAILED_LOGINS_PER_MINUTE } from './gateway';
import { trustedSources } from './proxy-protocol';
import { PLAIN_HTTP_REFUSED } from './tls-front';

const run = promisify(execFile);

/**
 * The HTTPS proxy port through the real gateway, with a CA and certificates made by openssl for
 * this run: curl with `--proxy https://` and the test's CA reaches the origin (plain requests and
 * CONNECT), plain HTTP on the port is refused, and a certificate replaced on disk is served
 * without a restart.
 */
let t: TestApp;
let gateway: Gateway;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let upstream: Awaited<ReturnType<typeof socksUpstream>>;
let dir: ReturnType<typeof tempDir>;
let files: { ca: string; cert: string; key: string };

/** A CA, and `count` certificates for 127.0.0.1 and localhost signed by it (cert-N.pem, key-N.pem). */
async function makeCertificates(where: string, count: number): Promise<void> {
  const openssl = (...args: string[]) => run('openssl', args, { cwd: where });
  await openssl(
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'],
    ...['-subj', '/CN=Test CA', '-keyout', 'ca-key.pem', '-out', 'ca.pem'],
  );
  const extensions = 'subjectAltName=IP:127.0.0.1,DNS:localhost\n';
  fs.writeFileSync(path.join(where, 'san.ext'), extensions);
  for (let n = 1; n <= count; n += 1) {
    await openssl(
      ...['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', `/CN=gateway ${n}`],
      ...['-keyout', `key-${n}.pem`, '-out', `req-${n}.pem`],
    );
    await openssl(
      ...['x509', '-req', '-in', `req-${n}.pem`, '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial'],
      ...['-days', '2', '-extfile', 'san.ext', '-out', `cert-${n}.pem`],
    );
  }
}

/** Puts certificate `n` where the gateway reads it, by rename, as certbot and `mv` do. */
function install(n: number): void {
  for (const [from, to] of [
    [`cert-${n}.pem`, files.cert],
    [`key-${n}.pem`, files.key],
  ] as const) {
    const staged = `${to}.new`;
    fs.copyFileSync(path.join(dir.dir, from), staged);
    fs.renameSync(staged, to);
  }
}

/** The common name of the certificate the HTTPS port shows now. */
function servedName(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca: fs.readFileSync(files.ca) }, () => {
      const subject = socket.getPeerCertificate().subject;
      socket.destroy();
      resolve(String(subject.CN));
    });
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  dir = tempDir('portal-tls-');
  await makeCertificates(dir.dir, 2);
  const live = path.join(dir.dir, 'live');
  fs.mkdirSync(live);
  files = { ca: path.join(dir.dir, 'ca.pem'), cert: path.join(live, 'fullchain.pem'), key: path.join(live, 'key.pem') };
  install(1);
  origin = await startOrigin();
  upstream = await socksUpstream();
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  gateway = await startTestGateway(t, {
    privateTargets: 'allow',
    tls: { port: 0, certFile: files.cert, keyFile: files.key },
  });
}, 60_000);
afterAll(async () => {
  await gateway.close();
  await upstream.stop();
  await origin.close();
  await t.close();
  dir.remove();
});

/** curl's status code and body for the origin's `pathname` through `proxy`. */
async function curl(
  proxy: string,
  extra: string[] = [],
  pathname = '/healthz',
): Promise<{ status: string; body: string }> {
  const args = ['-sS', '--max-time', '10', '-w', '\n%{http_code}', '-x', proxy, '--proxy-cacert', files.ca, ...extra];
  const result = await run('/usr/bin/curl', [...args, `${origin.url}${pathname}`], { timeout: 15_000 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  const lines = result.stdout.split('\n');
  return { status: lines.pop() ?? '', body: lines.join('\n') };
}

describe('the HTTPS proxy port', () => {
  it('takes curl --proxy https:// with the password, for plain requests and CONNECT', async () => {
    const r = await connectedRental(t, gateway.store, upstream.url);
    const proxy = `https://${r.user}:${r.pass}@127.0.0.1:${gateway.tlsPort}`;
    expect(await curl(proxy)).toMatchObject({ status: '200', body: expect.stringContaining('"status":"ok"') });
    expect((await curl(proxy, ['--proxytunnel'])).status).toBe('200');
    expect((await curl(`https://${r.user}:wrong@127.0.0.1:${gateway.tlsPort}`)).status).toBe('407');
    expect((await curl(`https://${r.user}:wrong@127.0.0.1:${gateway.tlsPort}`, ['--proxytunnel'])).status).not.toBe(
      '200',
    );
  });

  it('refuses plain HTTP on that port with a sentence that says what to use', async () => {
    const r = await connectedRental(t, gateway.store, upstream.url);
    const plain = await curl(`http://${r.user}:${r.pass}@127.0.0.1:${gateway.tlsPort}`);
    expect(plain).toEqual({ status: '400', body: PLAIN_HTTP_REFUSED });
  });

  it('counts the payload of a tunnel inside TLS, not the TLS records', async () => {
    const r = await connectedRental(t, gateway.store, upstream.url);
    const request = 'GET /count-tls HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n';
    const connect = `CONNECT 127.0.0.1:${origin.port} HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${basic(r.user, r.pass)}\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: gateway.tlsPort!, ca: fs.readFileSync(files.ca) }, () =>
        socket.write(connect + request),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const established = 'HTTP/1.1 200 Connection Established\r\n\r\n';
    expect(answer).toContain('"path":"/count-tls"');
    const row = await settledTraffic(t, gateway, r.id);
    expect(row.bytesUp).toBe(Buffer.byteLength(request));
    expect(row.bytesDown).toBe(Buffer.byteLength(answer, 'latin1') - established.length);
  });

  it('serves a replaced certificate without a restart, and keeps the old one when the new files are bad', async () => {
    expect(await servedName(gateway.tlsPort!)).toBe('gateway 1');
    install(2);
    await until(async () => (await servedName(gateway.tlsPort!)) === 'gateway 2', 5000);
    const r = await connectedRental(t, gateway.store, upstream.url);
    expect((await curl(`https://${r.user}:${r.pass}@127.0.0.1:${gateway.tlsPort}`)).status).toBe('200');

    // A half-written renewal: the key of one certificate with the chain of another.
    fs.copyFileSync(path.join(dir.dir, 'key-1.pem'), files.key);
    expect(await gateway.reloadTls()).toBe(false);
    expect(await servedName(gateway.tlsPort!)).toBe('gateway 2');
    install(2);
    expect(await gateway.reloadTls()).toBe(true);
  });
});

describe('behind a balancer that sends the PROXY protocol', () => {
  /** The status line of a CONNECT over TLS that a balancer forwarded for `source`. */
  function connectVia(port: number, source: string, auth: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const raw = net.connect(port, '127.0.0.1', () => {
        raw.write(`PROXY TCP4 ${source} 127.0.0.1 40000 443\r\n`);
        const secure = tls.connect({ socket: raw, servername: 'localhost', ca: fs.readFileSync(files.ca) }, () =>
          secure.write(`CONNECT 127.0.0.1:${origin.port} HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${auth}\r\n\r\n`),
        );
        let text = '';
        secure.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (!text.includes('\r\n')) return;
          secure.destroy();
          resolve(text.split('\r\n')[0] ?? '');
        });
        secure.on('error', reject);
      });
      raw.on('error', reject);
    });
  }

  it("reads the header before the handshake, and the header's client is the one throttled", async () => {
    const balanced = await startTestGateway(t, {
      privateTargets: 'allow',
      proxyProtocolFrom: trustedSources('127.0.0.1'),
      tls: { port: 0, certFile: files.cert, keyFile: files.key },
    });
    try {
      const r = await connectedRental(t, balanced.store, upstream.url);
      const port = balanced.tlsPort!;
      expect(await connectVia(port, '203.0.113.9', basic(r.user, r.pass))).toBe('HTTP/1.1 200 Connection Established');
      for (let i = 0; i < FAILED_LOGINS_PER_MINUTE; i += 1) {
        expect(await connectVia(port, '203.0.113.9', basic(r.user, 'wrong'))).toMatch(/^HTTP\/1\.1 407/);
      }
      expect(await connectVia(port, '203.0.113.9', basic(r.user, r.pass))).toMatch(/^HTTP\/1\.1 429/);
      expect(await connectVia(port, '203.0.113.10', basic(r.user, r.pass))).toBe('HTTP/1.1 200 Connection Established');
    } finally {
      await balanced.close();
    }
  });
});

describe('connection strings', () => {
  it("name the HTTPS port in the customer's history only when the gateway serves one", async () => {
    const env = { GATEWAY_TLS_PORT: '8443', GATEWAY_TLS_CERT: files.cert, GATEWAY_TLS_KEY: files.key };
    const withTls = await buildTestApp({ database: t.database, env });
    try {
      const row = await connectedRentalRow(t, upstream.url);
      const historyOn = async (app: TestApp) =>
        (await customerCall(app, row.apiKey).get('/api/proxy/history'))
          .json<{ history: { id: number; https_port: number | null }[] }>()
          .history.find((record) => record.id === row.proxyId);
      expect(await historyOn(withTls)).toMatchObject({ https_port: 8443 });
      expect(await historyOn(t)).toMatchObject({ https_port: null });
    } finally {
      await withTls.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a gateway process of its own (npm run gateway, PostgreSQL)', () => {
  it('serves the HTTPS port and reads the certificate again on SIGHUP', async () => {
    const row = await connectedRentalRow(t);
    const gateway = await startGatewayProcess({
      DATABASE_URL: t.database.url!,
      GATEWAY_TLS_PORT: String(await freePort()),
      GATEWAY_TLS_CERT: files.cert,
      GATEWAY_TLS_KEY: files.key,
      GATEWAY_CHECK_URL: `${origin.url}/healthz`,
    });
    const { child, output } = gateway;
    try {
      const tlsPort = Number(/"tlsPort":(\d+)/.exec(output())?.[1]);
      const proxy = `https://${row.username}:${row.password}@127.0.0.1:${tlsPort}`;
      expect((await curl(proxy)).status).toBe('200');
      const loaded = output().split('HTTPS certificate loaded').length;
      child.kill('SIGHUP');
      await until(() => output().split('HTTPS certificate loaded').length > loaded, 5000);
      expect(child.exitCode).toBeNull();
      expect((await curl(proxy, ['--proxytunnel'])).status).toBe('200');
    } finally {
      child.kill('SIGINT');
    }
  }, 180_000);
});

describe('configuration', () => {
  it('needs the port, the certificate and the key together, and files it can read', async () => {
    const base = process.cwd();
    const only = (env: Record<string, string>) => () => loadConfig(env, base);
    expect(only({ GATEWAY_TLS_PORT: '8443' })).toThrow(/GATEWAY_TLS_PORT needs GATEWAY_TLS_CERT and GATEWAY_TLS_KEY/);
    expect(only({ GATEWAY_TLS_CERT: 'a.pem', GATEWAY_TLS_KEY: 'b.pem' })).toThrow(/need GATEWAY_TLS_PORT/);
    expect(loadConfig({}, base).gateway.tls).toBeNull();
    expect(
      loadConfig({ GATEWAY_TLS_PORT: '8443', GATEWAY_TLS_CERT: 'c.pem', GATEWAY_TLS_KEY: '/k.pem' }, '/srv').gateway
        .tls,
    ).toEqual({ port: 8443, certFile: '/srv/c.pem', keyFile: '/k.pem' });

    const missing = path.join(dir.dir, 'no-such.pem');
    const started = startTestGateway(t, { tls: { port: 0, certFile: missing, keyFile: files.key } });
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(`GATEWAY_TLS_CERT ${missing} cannot be read (ENOENT)`);
  });
});
