import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helper';
import { ConfigError, loadConfig } from './config';

const TOKEN = 'node-token-0123456789abcdef';

function problemsOf(env: Record<string, string>, base = '/srv/portal'): string[] {
  try {
    loadConfig(env, base);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

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
