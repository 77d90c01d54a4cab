import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local origin server: `/healthz` answers ok (the provisioner's check target), `/download`
 * streams 16 KiB every 20 ms until the client goes away, `/echo` answers what it was sent.
 * `port` starts one again where a closed one was.
 */
export async function startOrigin(port = 0): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url === '/download') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(16 * 1024, 7);
      const timer = setInterval(() => response.write(chunk), 20);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (request.url === '/echo') {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => response.end(Buffer.concat(parts)));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'ok', path: request.url }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  server.unref();
  const { port: actual } = server.address() as AddressInfo;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let shared: Promise<{ url: string; port: number }> | null = null;

/** One origin per test file, for the provisioner's check target. */
export function sharedOrigin(): Promise<{ url: string; port: number }> {
  shared ??= startOrigin();
  return shared;
}
