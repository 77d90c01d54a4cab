import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { connectedRental, startTestGateway } from '../../test/live-rental-kit';
import type { Gateway } from './gateway';

/**
 * Hop-by-hop headers of a plain HTTP request through the real HTTP front: what is meant for the
 * proxy (Proxy-Authorization, Proxy-Connection, the headers its Connection header names) does not
 * reach the target (RFC 9110 section 7.6.1); end-to-end headers do.
 */
let t: TestApp;
let gateway: Gateway;
let target: http.Server;
let targetPort: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  gateway = await startTestGateway(t, { privateTargets: 'allow' });
  // Answers the headers it received, as JSON.
  target = http.createServer((request, response) => response.end(JSON.stringify(request.headers)));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await gateway.close();
  target.closeAllConnections();
  target.close();
  await t.close();
});

function headersSeenByTarget(extra: Record<string, string>): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: '127.0.0.1',
      port: gateway.httpPort,
      path: `http://127.0.0.1:${targetPort}/`,
      agent: false,
      headers: { host: `127.0.0.1:${targetPort}`, ...extra },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(JSON.parse(body) as Record<string, string>));
    });
    request.on('error', reject);
  });
}

describe('plain HTTP through the gateway', () => {
  it('does not forward Proxy-Authorization, Proxy-Connection or the headers Connection names', async () => {
    const r = await connectedRental(t, gateway.store);
    const seen = await headersSeenByTarget({
      'proxy-authorization': `Basic ${Buffer.from(`${r.user}:${r.pass}`).toString('base64')}`,
      connection: 'keep-alive, X-Hop, x-other-hop',
      'x-hop': 'for the proxy only',
      'x-other-hop': 'this one too',
      'proxy-connection': 'keep-alive',
      'x-end-to-end': 'kept',
    });
    expect(seen['x-end-to-end']).toBe('kept');
    expect(seen).not.toHaveProperty('proxy-authorization');
    expect(seen).not.toHaveProperty('proxy-connection');
    expect(seen).not.toHaveProperty('x-hop');
    expect(seen).not.toHaveProperty('x-other-hop');
  });
});
