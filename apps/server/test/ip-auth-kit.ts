import http from 'node:http';
import net from 'node:net';
import { expect } from 'vitest';
import type { Gateway } from '../src/gateway/gateway';
import { sentConnect, until } from './gateway-kit';
import { customerCall, type TestApp } from './helper';
import { connectedPurchase } from './live-rental-kit';

/** Whether the port can be bound on the address right now. */
function bindable(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * `count` consecutive ports free on every one of `hosts`, below Linux's ephemeral range (so no
 * outgoing connection takes one meanwhile), at a random place so parallel test files rarely meet.
 */
export async function freePortRange(count: number, hosts: string[]): Promise<{ first: number; last: number }> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const first = 30_000 + Math.floor(Math.random() * 2_700);
    const ports = Array.from({ length: count }, (_, index) => first + index);
    const checks = await Promise.all(ports.flatMap((port) => hosts.map((host) => bindable(port, host))));
    if (checks.every(Boolean)) return { first, last: first + count - 1 };
  }
  throw new Error('no free port range found');
}

/** A plain HTTP request through a proxy port from a chosen local address (`from`), as curl -x does. */
export function plainGet(
  port: number,
  url: string,
  options: { from?: string; auth?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: '127.0.0.1',
      port,
      path: url,
      agent: false,
      localAddress: options.from,
      headers: { host: new URL(url).host, ...(options.auth ? { 'proxy-authorization': options.auth } : {}) },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** The status line of the answer to a CONNECT from `from`; the tunnel, if any, is closed at once. */
export function connectStatus(port: number, auth: string, target: string, from?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = sentConnect(port, auth, target, from);
    let text = '';
    const done = () => {
      socket.destroy();
      resolve(text.split('\r\n')[0] ?? '');
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) done();
    });
    socket.on('close', done);
    socket.on('error', reject);
  });
}

/** A connected rental of a new proxy, for a new customer or the one whose key is given, known to the gateway. */
export async function rentedForIpAuth(t: TestApp, gateway: Gateway, apiKey?: string) {
  const row = await connectedPurchase(t, { apiKey });
  await until(() => gateway.store.authorize(row.username, row.password) !== null);
  return { apiKey: row.apiKey, proxyId: row.proxyId, user: row.username, pass: row.password, rentalId: row.id };
}

/** Lists `ips` for the rental and waits until the gateway listens on its own port; answers that port. */
export async function listedOnOwnPort(
  t: TestApp,
  gateway: Gateway,
  rental: { apiKey: string; proxyId: number },
  ips: string[],
): Promise<number> {
  const answer = await customerCall(t, rental.apiKey).post('/api/proxy/ip-auth', { proxy_id: rental.proxyId, ips });
  expect(answer.statusCode).toBe(200);
  const port = answer.json<{ ip_auth: { port: number } }>().ip_auth.port;
  await until(() => gateway.ownPorts.listening.includes(port));
  return port;
}
