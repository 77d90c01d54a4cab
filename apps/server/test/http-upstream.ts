import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP upstream proxy speaking CONNECT (RFC 9110 section 9.3.6) that wants
 * `Proxy-Authorization: Basic user:pass` and answers 407 otherwise.
 */
export async function httpUpstream(): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((_request, response) => response.writeHead(405).end());
  const expected = `Basic ${Buffer.from('user:pass').toString('base64')}`;
  server.on('connect', (request: http.IncomingMessage, client: net.Socket) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (request.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host = '', port = '80'] = (request.url ?? '').split(':');
    const target = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      target.pipe(client);
      client.pipe(target);
    });
    target.on('error', () => client.destroy());
    client.on('error', () => target.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://user:pass@127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The echo service (EXIT_IP_URL): answers `ip()` as plain text, or as `{"ip": …}` under `/json`;
 * `/silent` never answers (a timeout). `ip` may change between calls (a rotating exit).
 */
export async function echoService(
  ip: () => string,
): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits += 1;
    if (request.url === '/silent') return;
    if (request.url === '/json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ip: ip() }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`${ip()}\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
