import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { SocksClient } from 'socks';
import { afterAll, beforeAll } from 'vitest';
import type { Gateway, GatewayOptions } from '../src/gateway/gateway';
import { createSocks5Server } from '../src/gateway/socks5-server';
import type { LifecycleDeps } from '../src/jobs/lifecycle-deps';
import { startGatewayProcess } from './gateway-process-kit';
import { buildTestApp, expectLedgerBalanced, lifecycleOf, type TestApp, type TestAppOptions } from './helper';
import { startTestGateway } from './live-rental-kit';
import { serveOnLoopback } from './ports';

/** Test helpers for replacement (kept out of *.test.ts to keep the tests short). */

export interface ReplacementRig {
  t: TestApp;
  gateway: Gateway;
  echo: Awaited<ReturnType<typeof exitEcho>>;
  /** The lifecycle jobs with automatic replacement as the server runs them, from the app's config. */
  lifecycle: LifecycleDeps;
}

/**
 * For a whole test file: the app, a gateway on its database (with `gateway`'s options), an exit
 * echo and the lifecycle jobs, handed to `ready`; after the tests, the ledger must still balance
 * and all of it closes. Registers vitest hooks, so it is called at the file's top level.
 */
export function replacementRigPerFile(
  options: TestAppOptions & { gateway?: (t: TestApp) => Partial<GatewayOptions> },
  ready: (rig: ReplacementRig) => void,
): void {
  let rig: ReplacementRig | undefined;
  beforeAll(async () => {
    const t = await buildTestApp(options);
    const gateway = await startTestGateway(t, options.gateway?.(t));
    const echo = await exitEcho();
    const { replacement } = t.config;
    const lifecycle = {
      ...(await lifecycleOf(t)),
      replacement: {
        autoAfterMs: replacement.autoAfterMs,
        perDay: replacement.perRentalDay,
        autoPerDay: replacement.autoPerRentalDay,
      },
    };
    rig = { t, gateway, echo, lifecycle };
    ready(rig);
  });
  afterAll(async () => {
    if (!rig) return;
    await expectLedgerBalanced(rig.t);
    await rig.gateway.close();
    await rig.echo.close();
    await rig.t.close();
  });
}

/** An origin that answers each request with the address it came from: the exit a client used. */
export async function exitEcho(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url === '/hold') {
      // Keeps the connection open, as a long download would, until the gateway cuts it.
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('holding\n');
      return;
    }
    const body = request.socket.remoteAddress ?? '';
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A SOCKS5 upstream (user `user`, password `pass`) whose connections leave from `exit`
 * (127.0.0.2, 127.0.0.3...), so the origin sees which upstream a request went through.
 */
export async function upstreamWithExit(
  exit: string,
): Promise<{ url: string; stop: () => Promise<void>; refuseNew: () => void }> {
  const server = createSocks5Server({
    authenticate: (username, password) =>
      username === 'user' && password === 'pass'
        ? {
            dial: (host, port) =>
              new Promise<net.Socket>((resolve, reject) => {
                const socket = net.connect({ host, port, localAddress: exit });
                socket.once('connect', () => resolve(socket));
                socket.once('error', reject);
              }),
          }
        : null,
  });
  const { port, stop } = await serveOnLoopback(server);
  return {
    url: `socks5://user:pass@127.0.0.1:${port}`,
    /** Stops accepting (its checks fail) while tunnels already open keep running. */
    refuseNew: () => server.close(),
    stop,
  };
}

/**
 * A SOCKS5 upstream (no login) that takes `clients` connections at a time and drops the next at
 * once, as residential and mobile sellers' proxies often do; `stop` ends it and all it holds.
 * A dial to `silentPort` never gets an answer, as one to a firewalled address does not.
 */
export async function narrowUpstream(
  clients: number,
  { silentPort }: { silentPort?: number } = {},
): Promise<{ url: string; stop: () => Promise<void>; connections: () => Promise<number> }> {
  const server = createSocks5Server({
    authenticate: () => null,
    authenticateSource: () => ({
      dial: (host, port) =>
        new Promise<net.Socket>((resolve, reject) => {
          if (port === silentPort) return;
          const socket = net.connect({ host, port });
          socket.once('connect', () => resolve(socket));
          socket.once('error', reject);
        }),
    }),
  });
  server.maxConnections = clients;
  const { port, stop } = await serveOnLoopback(server);
  return {
    url: `socks5://127.0.0.1:${port}`,
    stop,
    connections: () =>
      new Promise((resolve, reject) =>
        server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
  };
}

/** One request through the gateway's SOCKS5 port; answers the body, or the error's message. */
export async function exitThrough(gatewayPort: number, user: string, pass: string, originPort: number) {
  try {
    const { socket } = await SocksClient.createConnection({
      proxy: { host: '127.0.0.1', port: gatewayPort, type: 5, userId: user, password: pass },
      command: 'connect',
      destination: { host: '127.0.0.1', port: originPort },
      timeout: 3000,
    });
    const text = await new Promise<string>((resolve, reject) => {
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write('GET /ip HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n');
    });
    return text.split('\r\n\r\n')[1] ?? '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A tunnel held open through the gateway; `isOpen` turns false when the gateway cuts it. */
export async function heldTunnel(gatewayPort: number, user: string, pass: string, originPort: number) {
  const { socket } = await SocksClient.createConnection({
    proxy: { host: '127.0.0.1', port: gatewayPort, type: 5, userId: user, password: pass },
    command: 'connect',
    destination: { host: '127.0.0.1', port: originPort },
    timeout: 3000,
  });
  let open = true;
  socket.on('close', () => (open = false));
  socket.on('error', () => undefined);
  socket.write('GET /hold HTTP/1.1\r\nHost: origin\r\n\r\n');
  return { isOpen: () => open };
}

/** A CONNECT request through the gateway that waits for its answer; `end` gives up on it. */
export async function waitingDial(gatewayPort: number, user: string, pass: string, targetPort: number) {
  const socket = net.connect({ host: '127.0.0.1', port: gatewayPort });
  await once(socket, 'connect');
  socket.on('error', () => undefined);
  SocksClient.createConnection({
    proxy: { host: '127.0.0.1', port: gatewayPort, type: 5, userId: user, password: pass },
    command: 'connect',
    destination: { host: '127.0.0.1', port: targetPort },
    timeout: 60_000,
    existing_socket: socket,
  }).catch(() => undefined);
  return { end: () => socket.destroy() };
}

/** `npm run gateway` as a process of its own on a PostgreSQL database; answers its SOCKS5 port and a stop. */
export async function gatewayProcess(databaseUrl: string, checkUrl: string) {
  const gateway = await startGatewayProcess({ DATABASE_URL: databaseUrl, GATEWAY_CHECK_URL: checkUrl });
  return { socksPort: gateway.socksPort, stop: () => gateway.child.kill('SIGTERM') };
}
