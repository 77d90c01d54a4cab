import http from 'node:http';
import net from 'node:net';
import { basic, rawConnect, socks5Connect } from './gateway-kit';

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

/** A SOCKS4 CONNECT from `from` with `user:pass` in the user id: the reply code (90 granted, 91 refused); the socket is closed. */
export function socks4ReplyFrom(
  port: number,
  login: Login,
  target: { host: string; port: number },
  from: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = Buffer.concat([
      Buffer.from([4, 1, target.port >> 8, target.port & 0xff, ...target.host.split('.').map(Number)]),
      Buffer.from(`${login.user}:${login.pass}\0`),
    ]);
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () => socket.write(request));
    let reply = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      reply = Buffer.concat([reply, chunk]);
      if (reply.length < 8) return;
      socket.destroy();
      resolve(reply[1] ?? -1);
    });
    socket.on('close', () => resolve(reply[1] ?? -1));
  });
}
