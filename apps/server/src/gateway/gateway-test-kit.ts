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

/** The whole answer of the HTTP front to a CONNECT, as text. */
export function rawConnect(port: number, auth: string, target: string, from?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const authorization = auth ? `Proxy-Authorization: ${auth}\r\n` : '';
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () =>
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${authorization}\r\n`),
    );
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}
