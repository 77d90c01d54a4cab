import http from 'node:http';
import net from 'node:net';
import { SocksClient } from 'socks';

/** Clients that do what curl does, for the gateway's tests (kept out of *.test.ts to stay short). */
export const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

export async function socksGet(
  gatewayPort: number,
  user: string,
  pass: string,
  target: { host: string; port: number; path?: string },
): Promise<string> {
  const { socket } = await SocksClient.createConnection({
    proxy: { host: '127.0.0.1', port: gatewayPort, type: 5, userId: user, password: pass },
    command: 'connect',
    destination: { host: target.host, port: target.port },
    timeout: 3000,
  });
  return httpOverSocket(socket, target.path ?? '/healthz');
}

export function httpOverSocket(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n`);
  });
}

/** A plain HTTP request through the HTTP front (absolute URL, Proxy-Authorization). */
export function proxiedGet(
  gatewayPort: number,
  auth: string | null,
  url: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: '127.0.0.1',
      port: gatewayPort,
      path: url,
      agent: false,
      headers: { host: new URL(url).host, ...(auth ? { 'proxy-authorization': auth } : {}) },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** An HTTP CONNECT tunnel through the HTTP front; answers the status and, on 200, the socket. */
export function connectTunnel(
  gatewayPort: number,
  auth: string | null,
  target: string,
): Promise<{ status: number; socket: net.Socket | null }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: gatewayPort,
      method: 'CONNECT',
      path: target,
      agent: false,
      headers: { host: target, ...(auth ? { 'proxy-authorization': auth } : {}) },
    });
    request.on('connect', (response, socket, head) => {
      if (head.length > 0) socket.unshift(head);
      if (response.statusCode !== 200) socket.destroy();
      resolve({ status: response.statusCode ?? 0, socket: response.statusCode === 200 ? socket : null });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Starts a download and answers when (Date.now()) the gateway cut it, and how much arrived. */
export function downloadUntilCut(socket: net.Socket): Promise<{ closedAt: number; bytes: number }> {
  return new Promise((resolve) => {
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ closedAt: Date.now(), bytes }));
    socket.write('GET /download HTTP/1.1\r\nHost: origin\r\n\r\n');
  });
}

export async function until(condition: () => boolean | Promise<boolean>, ms = 2000): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

/**
 * A connection to the HTTP front, from the client address `from` when given, that sends a
 * CONNECT for `target` (with `auth` as its Proxy-Authorization, unless empty) once open.
 */
export function sentConnect(port: number, auth: string, target: string, from?: string): net.Socket {
  const authorization = auth ? `Proxy-Authorization: ${auth}\r\n` : '';
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () =>
    socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${authorization}\r\n`),
  );
  return socket;
}

/** The whole answer of the HTTP front to a CONNECT, as text. */
export function rawConnect(port: number, auth: string, target: string, from?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = sentConnect(port, auth, target, from);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

/**
 * A SOCKS5 CONNECT made by hand, so a test chooses the client's own address (`from`) and whether it
 * offers the no-authentication method only (no `login`) or username/password. Answers the socket
 * on success, or the step and code the gateway refused with ('method' 0xff, 'auth' 1, 'connect' n).
 */
export function socks5Connect(
  port: number,
  target: { host: string; port: number },
  options: { from?: string; login?: { user: string; pass: string } } = {},
): Promise<{ socket: net.Socket } | { refused: 'method' | 'auth' | 'connect' | 'closed'; code: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: options.from });
    let buffer = Buffer.alloc(0);
    let stage: 'method' | 'auth' | 'connect' = 'method';
    const done = (result: Awaited<ReturnType<typeof socks5Connect>>) => {
      socket.removeAllListeners('data');
      socket.removeAllListeners('close');
      if (!('socket' in result)) socket.destroy();
      resolve(result);
    };
    const request = () => {
      const octets = target.host.split('.').map(Number);
      const portBytes = [target.port >> 8, target.port & 0xff];
      socket.write(Buffer.from([0x05, 0x01, 0x00, 0x01, ...octets, ...portBytes]));
      stage = 'connect';
    };
    socket.on('error', reject);
    socket.on('close', () => done({ refused: 'closed', code: -1 }));
    socket.on('connect', () => socket.write(Buffer.from(options.login ? [0x05, 0x01, 0x02] : [0x05, 0x01, 0x00])));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'method' && buffer.length >= 2) {
        const method = buffer[1] ?? 0xff;
        buffer = buffer.subarray(2);
        if (method === 0x00) return request();
        if (method !== 0x02 || !options.login) return done({ refused: 'method', code: method });
        const { user, pass } = options.login;
        socket.write(
          Buffer.concat([
            Buffer.from([0x01, user.length]),
            Buffer.from(user),
            Buffer.from([pass.length]),
            Buffer.from(pass),
          ]),
        );
        stage = 'auth';
      }
      if (stage === 'auth' && buffer.length >= 2) {
        const status = buffer[1] ?? 1;
        buffer = buffer.subarray(2);
        if (status !== 0) return done({ refused: 'auth', code: status });
        request();
      }
      if (stage === 'connect' && buffer.length >= 10) {
        const reply = buffer[1] ?? 1;
        if (reply !== 0) return done({ refused: 'connect', code: reply });
        const rest = buffer.subarray(10);
        if (rest.length > 0) socket.unshift(rest);
        done({ socket });
      }
    });
  });
}
