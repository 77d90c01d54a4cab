import http from 'node:http';
import type net from 'node:net';
import { basic, rawConnect, socks5Connect } from '../src/gateway/gateway-test-kit';

/** Clients of the many-addresses tests: each binds to a loopback address of its own (`from`). */

export interface Login {
  user: string;
  pass: string;
}

/** A plain HTTP request through the HTTP front from `from`; answers the status and body. */
export function httpGetFrom(
  port: number,
  login: Login,
  url: string,
  from: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: '127.0.0.1',
      port,
      localAddress: from,
      path: url,
      agent: false,
      headers: { host: new URL(url).host, 'proxy-authorization': basic(login.user, login.pass) },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** The status line and body of a CONNECT from `from` (a 200 is closed at once). */
export async function connectFrom(port: number, login: Login, target: string, from: string): Promise<string> {
  return rawConnect(port, basic(login.user, login.pass), target, from);
}

/**
 * `count` SOCKS5 tunnels opened at once from `from`; answers the open sockets, or the first
 * refusal. The caller closes the sockets.
 */
export async function socksTunnelsFrom(
  port: number,
  login: Login,
  target: { host: string; port: number },
  from: string,
  count: number,
): Promise<{ sockets: net.Socket[]; refused: { refused: string; code: number } | null }> {
  const results = await Promise.all(Array.from({ length: count }, () => socks5Connect(port, target, { from, login })));
  const sockets = results.flatMap((result) => ('socket' in result ? [result.socket] : []));
  const refused = results.find((result) => !('socket' in result)) ?? null;
  return { sockets, refused: refused && 'refused' in refused ? refused : null };
}
