import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { DatabaseHandle } from '../db/client';
import { gatewayActiveConnections, gatewayAuthFailures } from '../metrics/metrics';
import { CredentialStore } from './credential-store';
import { dial } from './dialer';
import { createHttpFront } from './http-front';
import { createSocks5Server } from './socks5-server';
import { createTargetPolicy, type PrivateTargets } from './target-policy';

export interface GatewayOptions {
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  host: string;
  socksPort: number;
  httpPort: number;
  handshakeTimeoutMs?: number;
  /** `deny` (the default) keeps `direct` traffic off private and own addresses... */
  privateTargets?: PrivateTargets;
  /** ...but for this URL's host and port (the demo's /healthz; none in production). */
  privateTargetException?: string;
}

export interface Gateway {
  store: CredentialStore;
  socksPort: number;
  httpPort: number;
  /**
   * Stops accepting at once; open tunnels may run on for `drainMs` (or until they all end),
   * then the rest are cut and credentials stop loading.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** Counts a front's open client sockets in /metrics and keeps them for a stop. */
function trackSockets(server: net.Server, front: 'socks5' | 'http'): Set<net.Socket> {
  const open = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    open.add(socket);
    gatewayActiveConnections.inc({ front });
    socket.on('close', () => {
      open.delete(socket);
      gatewayActiveConnections.dec({ front });
    });
  });
  return open;
}

async function drained(sockets: Set<net.Socket>[], drainMs: number): Promise<void> {
  const deadline = Date.now() + drainMs;
  while (Date.now() < deadline && sockets.some((set) => set.size > 0)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The gateway customers connect to (DESIGN section 5): a SOCKS5 front and an HTTP front that
 * check a rental's credentials, forward through its upstream, cut access at end_time, and count
 * bytes. Any number of processes may run it against one PostgreSQL database.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { database, log } = options;
  const policy = await createTargetPolicy(options.privateTargets ?? 'deny', options.privateTargetException, (message) =>
    log.warn(message),
  );
  const store = new CredentialStore(database.db, options.clock);
  const stopListening = await database.listen(
    ['rental_access', 'proxy_access'],
    (channel, payload) => {
      const reload =
        channel === 'rental_access' ? store.reloadUsername(payload) : store.reloadProxy(Number.parseInt(payload, 10));
      reload.catch((error: unknown) => log.error({ err: String(error) }, 'gateway: reloading credentials failed'));
    },
    () => void store.loadAll().catch(() => undefined),
  );
  await store.loadAll();

  const socks = createSocks5Server({
    handshakeTimeoutMs: options.handshakeTimeoutMs,
    authenticate: (username, password) => {
      const access = store.authorize(username, password);
      if (!access) {
        gatewayAuthFailures.inc({ front: 'socks5' });
        return null;
      }
      return {
        dial: (host, port) => dial(access.upstream, host, port, policy),
        opened: (client: net.Socket, target: net.Socket) => {
          // Payload only: what the handshake took before this point is not the customer's traffic.
          const readBefore = client.bytesRead;
          const writtenBefore = client.bytesWritten;
          const untrack = store.track(access.rentalId, () => {
            client.destroy();
            target.destroy();
          });
          return () => {
            untrack();
            store.countTraffic(access.rentalId, client.bytesRead - readBefore, client.bytesWritten - writtenBefore);
          };
        },
      };
    },
  });
  socks.on('error', (error) => log.error({ err: error.message }, 'gateway: SOCKS5 front failed'));
  await new Promise<void>((resolve, reject) => {
    socks.once('error', reject);
    socks.listen(options.socksPort, options.host, () => {
      socks.removeListener('error', reject);
      resolve();
    });
  });

  const http = createHttpFront(store, policy, options.host, options.httpPort);
  await http.listen();

  const socksSockets = trackSockets(socks, 'socks5');
  const httpSockets = trackSockets(http.server, 'http');

  return {
    store,
    socksPort: (socks.address() as AddressInfo).port,
    httpPort: http.port,
    close: async ({ drainMs = 0 } = {}) => {
      const socksClosed = new Promise<void>((resolve) => socks.close(() => resolve()));
      // proxy-chain's close(false) stops accepting and resolves once its connections have ended.
      const httpClosed = http.close(false);
      await drained([socksSockets, httpSockets], drainMs);
      for (const socket of socksSockets) socket.destroy();
      http.closeConnections();
      await Promise.all([socksClosed, httpClosed]);
      await stopListening();
      await store.close();
    },
  };
}
