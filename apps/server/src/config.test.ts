import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helper';
import { ConfigError, loadConfig } from './config';

const base = '/srv/portal';

function problemsOf(env: Record<string, string>, baseDir = base): string[] {
  try {
    loadConfig(env, baseDir);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has the defaults', () => {
    const config = loadConfig({}, base);
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.join(base, 'data'),
      databaseUrl: undefined,
      paymentProvider: 'sandbox',
      demoInventory: 200,
      gateway: {
        host: '127.0.0.1',
        socksPort: 1080,
        httpPort: 8081,
        enabled: true,
        checkUrl: 'http://127.0.0.1:8080/healthz',
        handshakeTimeoutMs: 10_000,
        privateTargets: 'deny',
        privateTargetException: 'http://127.0.0.1:8080/healthz',
      },
      publicUrl: 'http://127.0.0.1:8080',
      secureCookies: false,
    });
  });

  it('treats empty variables as unset and resolves DATA_DIR from the base folder', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: 'var/db', PUBLIC_URL: 'https://portal.example.com/' }, base);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.join(base, 'var/db'));
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it('reports every bad value with its name and what it got', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      GATEWAY_SOCKS_PORT: '70000',
      PAYMENT_PROVIDER: 'paypal',
      DATABASE_URL: 'mysql://x',
      DEMO_INVENTORY: '-3',
      GATEWAY_PRIVATE_TARGETS: 'sometimes',
    });
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toContain('PORT must be a port number (got "eighty")');
    expect(problems.join('\n')).toContain('GATEWAY_SOCKS_PORT must be a whole number from 1 to 65535 (got "70000")');
    expect(problems.join('\n')).toContain('PAYMENT_PROVIDER must be one of sandbox, cryptomus, btcpay (got "paypal")');
    expect(problems.join('\n')).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(problems.join('\n')).toContain('DEMO_INVENTORY must be 0 or more');
    expect(problems.join('\n')).toContain('GATEWAY_PRIVATE_TARGETS must be deny or allow');
  });

  it('refuses production without an admin secret, with the sandbox provider, or without PUBLIC_URL', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      expect.stringContaining('ADMIN_SECRET is required when NODE_ENV=production'),
      expect.stringContaining('PAYMENT_PROVIDER=sandbox is not allowed when NODE_ENV=production'),
      expect.stringContaining('PUBLIC_URL is required when NODE_ENV=production'),
      expect.stringContaining('METRICS_TOKEN is required when NODE_ENV=production'),
    ]);
  });

  it('starts production with what production needs, and seeds no demo inventory there', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        ADMIN_SECRET: 'a-long-enough-secret',
        PAYMENT_PROVIDER: 'btcpay',
        PUBLIC_URL: 'https://portal.example.com',
        BTCPAY_URL: 'https://btcpay.example.com',
        BTCPAY_API_KEY: 'key',
        BTCPAY_STORE_ID: 'store',
        BTCPAY_WEBHOOK_SECRET: 'whsec',
        METRICS_TOKEN: 'a-long-metrics-token',
      },
      base,
    );
    expect(config.isProduction).toBe(true);
    expect(config.demoInventory).toBe(0);
    // No private address stays reachable through the gateway in production, not even the portal's.
    expect(config.gateway).toMatchObject({ privateTargets: 'deny', privateTargetException: undefined });
  });

  it('names the missing credentials of the chosen payment provider', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'cryptomus', CRYPTOMUS_MERCHANT: 'm' })).toEqual([
      'CRYPTOMUS_API_KEY is required when PAYMENT_PROVIDER=cryptomus',
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER: 'btcpay' })).toHaveLength(4);
  });

  it('configures discovery: defaults, IPQS only with a key, bad values named', () => {
    expect(loadConfig({}, base).discovery).toEqual({
      exitIpUrl: 'https://api.ipify.org',
      concurrency: 32,
      timeoutMs: 10_000,
      recheckMs: 600_000,
      exitRecheckMs: 24 * 3_600_000,
      unhealthyAfter: 3,
      udpCheckTarget: { host: '1.1.1.1', port: 53 },
      udpBindHost: '127.0.0.1',
      ipqs: null,
    });
    expect(
      loadConfig({ IPQS_API_KEY: 'k', IPQS_URL: 'http://127.0.0.1:9/', IPQS_MONTHLY_LIMIT: '10' }, base).discovery.ipqs,
    ).toEqual({ url: 'http://127.0.0.1:9', apiKey: 'k', monthlyLimit: 10 });
    expect(
      problemsOf({ EXIT_IP_URL: 'ftp://x/', DISCOVERY_CONCURRENCY: '0', UNHEALTHY_AFTER_FAILURES: 'often' }),
    ).toEqual([
      'EXIT_IP_URL must be an http:// or https:// URL (got "ftp://x/")',
      'DISCOVERY_CONCURRENCY must be at least 1 (got "0")',
      'UNHEALTHY_AFTER_FAILURES must be a whole number (got "often")',
    ]);
  });

  it('takes the UDP check target as host:port or off, and the UDP association bounds', () => {
    const target = (value: string) => loadConfig({ UDP_CHECK_TARGET: value }, base).discovery.udpCheckTarget;
    expect(target('127.0.0.1:5353')).toEqual({ host: '127.0.0.1', port: 5353 });
    expect(target('[2606:4700:4700::1111]:53')).toEqual({ host: '2606:4700:4700::1111', port: 53 });
    expect(target('dns.example:53')).toEqual({ host: 'dns.example', port: 53 });
    expect(target('off')).toBeNull();
    expect(problemsOf({ UDP_CHECK_TARGET: '1.1.1.1' })).toEqual([
      'UDP_CHECK_TARGET must be host:port of a UDP echo or DNS server (such as 1.1.1.1:53), or off (got "1.1.1.1")',
    ]);
    expect(problemsOf({ UDP_CHECK_TARGET: '[nope]:53' })).toHaveLength(1);
    expect(loadConfig({}, base).gateway).toMatchObject({ udpMaxPerRental: 32, udpMax: 4096 });
    expect(loadConfig({ GATEWAY_UDP_MAX_PER_RENTAL: '2' }, base).gateway.udpMaxPerRental).toBe(2);
    expect(problemsOf({ GATEWAY_UDP_MAX: '0' })).toEqual(['GATEWAY_UDP_MAX must be at least 1 (got "0")']);
  });

  it('takes the own-port range of IP authorization: on by default, off, bad values named', () => {
    expect(loadConfig({}, base).gateway.portRange).toEqual({ first: 20000, last: 29999 });
    expect(loadConfig({ GATEWAY_PORT_RANGE: ' 40000 - 40009 ' }, base).gateway.portRange).toEqual({
      first: 40000,
      last: 40009,
    });
    expect(loadConfig({ GATEWAY_PORT_RANGE: 'off' }, base).gateway.portRange).toBeNull();
    const wrong =
      'GATEWAY_PORT_RANGE must be first-last with 1024 <= first <= last <= 65535 (e.g. 20000-29999), or off';
    for (const value of ['20000', '30000-20000', '80-90', '60000-70000', 'a-b']) {
      expect(problemsOf({ GATEWAY_PORT_RANGE: value }), value).toEqual([wrong]);
    }
    expect(problemsOf({ GATEWAY_PORT_RANGE: '1024-9000' })).toEqual([
      'GATEWAY_PORT_RANGE 1024-9000 must not include GATEWAY_SOCKS_PORT (1080)',
      'GATEWAY_PORT_RANGE 1024-9000 must not include GATEWAY_HTTP_PORT (8081)',
      'GATEWAY_PORT_RANGE 1024-9000 must not include PORT (8080)',
    ]);
  });

  it('turns notices on with a bot token and an SMTP URL, naming bad values without repeating them', () => {
    expect(loadConfig({}, base).notices).toEqual({ telegram: null, smtp: null });
    const on = loadConfig(
      {
        TELEGRAM_BOT_TOKEN: '123456:ABC-def_9',
        TELEGRAM_API_URL: 'http://127.0.0.1:9/',
        SMTP_URL: 'smtp://u:p@127.0.0.1:2525',
        PUBLIC_URL: 'https://shop.example.com',
      },
      base,
    ).notices;
    expect(on).toEqual({
      telegram: { token: '123456:ABC-def_9', apiUrl: 'http://127.0.0.1:9' },
      smtp: { url: 'smtp://u:p@127.0.0.1:2525', from: 'ProxyPort <notices@shop.example.com>' },
    });
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: '1:a' }, base).notices.telegram?.apiUrl).toBe('https://api.telegram.org');
    expect(problemsOf({ TELEGRAM_BOT_TOKEN: 'not-a-token', SMTP_URL: 'http://secret@host' })).toEqual([
      'TELEGRAM_BOT_TOKEN must be a bot token from @BotFather (digits:letters)',
      'SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:587)',
    ]);
  });

  it('names the variable whose URL no parser takes, without repeating it', () => {
    const bad = { DATABASE_URL: 'postgres://u:pw-secret@db:99999/shop', REDIS_URL: 'redis://:pw-secret@cache:0x1' };
    const problems = problemsOf(bad);
    expect(problems).toEqual([
      'DATABASE_URL is not a valid URL: check the host and the port (1 to 65535), and URL-encode special characters in the user name and password',
      'REDIS_URL is not a valid URL: check the host and the port (1 to 65535), and URL-encode special characters in the user name and password',
    ]);
    expect(problems.join('\n')).not.toContain('pw-secret');
  });

  it('refuses a short admin secret without repeating secrets in the message', () => {
    expect(problemsOf({ ADMIN_SECRET: 'short', DATABASE_URL: 'mysql://user:pw@host/db' })).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'ADMIN_SECRET must be at least 12 characters long',
    ]);
  });

  it('shows a bad URL without the user and password it carries', () => {
    const problems = [
      ...problemsOf({ EXIT_IP_URL: 'ftp://echo-user:Echo-Pw-1@echo.example/' }),
      ...problemsOf({ EXIT_IP_URL: 'echo-user:Echo-Pw-2@echo.example' }),
    ].join('\n');
    expect(problems).toContain('EXIT_IP_URL must be an http:// or https:// URL (got "ftp://[redacted]@echo.example/")');
    expect(problems).toContain('(got "[redacted]@echo.example")');
    expect(problems).not.toMatch(/Echo-Pw/);
  });

  it('takes production metrics with a token or turned off, shared limits from a Redis URL, and a drain time', () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_SECRET: 'a-long-enough-secret',
      PAYMENT_PROVIDER: 'cryptomus',
      CRYPTOMUS_MERCHANT: 'm',
      CRYPTOMUS_API_KEY: 'k',
      PUBLIC_URL: 'https://portal.example.com',
    };
    expect(loadConfig({ ...production, METRICS_ENABLED: 'false' }, base).metrics).toMatchObject({
      enabled: false,
      token: undefined,
    });
    const config = loadConfig(
      {
        ...production,
        METRICS_TOKEN: 'scrape-token-1234',
        REDIS_URL: 'redis://127.0.0.1:6379',
        GATEWAY_DRAIN_SECONDS: '0',
      },
      base,
    );
    expect(config).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379', gatewayDrainMs: 0 });
    expect(config.metrics).toEqual({ enabled: true, token: 'scrape-token-1234', gatewayPort: 9464 });
    expect(
      problemsOf({ METRICS_TOKEN: 'short', REDIS_URL: 'http://:pw@cache:6379', GATEWAY_DRAIN_SECONDS: '-1' }),
    ).toEqual([
      'METRICS_TOKEN must be at least 16 characters long',
      'GATEWAY_DRAIN_SECONDS must be 0 or more (got "-1")',
      'REDIS_URL must be a redis:// or rediss:// URL',
    ]);
  });
});

const TOKEN = 'node-token-0123456789abcdef';

describe('a gateway node’s configuration', () => {
  it('is none without PANEL_URL, and a node with it and NODE_TOKEN (grace 900 s by default)', () => {
    expect(loadConfig({}, '/srv').node).toBeNull();
    expect(loadConfig({ PANEL_URL: 'https://shop.example.com', NODE_TOKEN: TOKEN }, '/srv').node).toEqual({
      panelUrl: 'https://shop.example.com',
      token: TOKEN,
      ca: null,
      graceMs: 900_000,
    });
    expect(
      loadConfig({ PANEL_URL: 'http://10.0.0.1:8080', NODE_TOKEN: TOKEN, NODE_OFFLINE_GRACE_SECONDS: '60' }, '/srv')
        .node?.graceMs,
    ).toBe(60_000);
  });

  it('names what is wrong, and never repeats the token', () => {
    expect(problemsOf({ PANEL_URL: 'ftp://shop', NODE_TOKEN: TOKEN })[0]).toContain(
      'PANEL_URL must be the http:// or https:// URL',
    );
    expect(problemsOf({ PANEL_URL: 'https://shop.example.com' })).toEqual([
      'NODE_TOKEN is required with PANEL_URL: the token the console showed for this node',
    ]);
    expect(problemsOf({ NODE_TOKEN: TOKEN })).toEqual([
      'PANEL_URL is required with NODE_TOKEN: the URL of the shop this node serves',
    ]);
    const both = problemsOf({
      PANEL_URL: 'https://shop.example.com',
      NODE_TOKEN: TOKEN,
      DATABASE_URL: 'postgres://u:p@db/x',
    });
    expect(both[0]).toContain('holds no database credentials');
    const grace = problemsOf({
      PANEL_URL: 'https://shop.example.com',
      NODE_TOKEN: TOKEN,
      NODE_OFFLINE_GRACE_SECONDS: 'soon',
    });
    expect(grace[0]).toContain('NODE_OFFLINE_GRACE_SECONDS must be a whole number');
    const short = problemsOf({ PANEL_URL: 'https://shop.example.com', NODE_TOKEN: 'short-secret' });
    expect(short.join(' ')).toContain('NODE_TOKEN must be the token');
    expect(short.join(' ')).not.toContain('short-secret');
  });

  it('reads PANEL_CA as PEM, refuses a missing or non-PEM file and a CA for a plain http URL', () => {
    const dir = tempDir('portal-ca-');
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1'],
        ...['-subj', '/CN=shop', '-keyout', path.join(dir.dir, 'key.pem'), '-out', path.join(dir.dir, 'ca.pem')],
      ],
      { stdio: 'ignore' },
    );
    fs.writeFileSync(path.join(dir.dir, 'not.pem'), 'hello');
    try {
      const env = { PANEL_URL: 'https://shop.example.com', NODE_TOKEN: TOKEN };
      expect(loadConfig({ ...env, PANEL_CA: 'ca.pem' }, dir.dir).node?.ca).toContain('BEGIN CERTIFICATE');
      expect(problemsOf({ ...env, PANEL_CA: 'missing.pem' }, dir.dir)[0]).toContain('PANEL_CA cannot be read');
      expect(problemsOf({ ...env, PANEL_CA: 'not.pem' }, dir.dir)[0]).toContain('PANEL_CA must be a PEM certificate');
      expect(problemsOf({ ...env, PANEL_URL: 'http://shop', PANEL_CA: 'ca.pem' }, dir.dir)[0]).toContain('not https');
    } finally {
      dir.remove();
    }
  });
});
