import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../../test/helper';

/** The API behind a balancer (compose's HAProxy) at 127.0.0.30; 127.0.0.31 is anyone else. */
const BALANCER = '127.0.0.30';
const STRANGER = '127.0.0.31';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: `${BALANCER}/32,10.0.0.0/8`, LOGIN_RATE_LIMIT: '2' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

function login(from: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/login',
        agent: false,
        headers: { 'x-api-key': 'not-a-key', 'x-forwarded-for': forwardedFor },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('X-Forwarded-For', () => {
  it('is believed from the trusted balancer only: limits count its clients apart, and anyone else as themselves', async () => {
    for (let i = 0; i < 2; i += 1) expect(await login(BALANCER, '203.0.113.1')).not.toBe(429);
    expect(await login(BALANCER, '203.0.113.1')).toBe(429);
    expect(await login(BALANCER, '203.0.113.2')).not.toBe(429);
    // A client reaching the API directly cannot pose as many by changing the header.
    for (let i = 0; i < 2; i += 1) expect(await login(STRANGER, `198.51.100.${i}`)).not.toBe(429);
    expect(await login(STRANGER, '198.51.100.99')).toBe(429);
  });

  it('TRUST_PROXY accepts true, false, or addresses, ranges and names, and nothing else', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, '/tmp').trustProxy;
    expect(trust('true')).toBe(true);
    expect(trust('0')).toBe(false);
    expect(trust('uniquelocal, 127.0.0.1, fd00::/8')).toEqual(['uniquelocal', '127.0.0.1', 'fd00::/8']);
    expect(() => trust('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
    expect(() => trust('haproxy')).toThrow(/TRUST_PROXY/);
  });
});
