import http from 'node:http';
import { RequestError, Server } from 'proxy-chain';
import type { CredentialStore } from './credential-store';
import { AUTH_REALM, createConnectHandler } from './connect-tunnel';
import { BLOCKED_PORTS } from './dialer';

/**
 * The HTTP proxy front (CONNECT and plain HTTP forwarding, Proxy-Authorization: Basic): plain HTTP
 * on proxy-chain, CONNECT tunnels on our own handler. Keep-alive to upstreams is off: with pooled
 * sockets plain forwarding through an upstream returned resets (DESIGN section 5, proxy-chain
 * issue #628).
 */
export function createHttpFront(store: CredentialStore, host: string, port: number): Server {
  const agent = new http.Agent({ keepAlive: false });
  const rentalOf = new Map<number, number>();
  const untrack = new Map<number, () => void>();

  const server = new Server({
    host,
    port,
    authRealm: AUTH_REALM,
    prepareRequestFunction: ({ username, password, port: targetPort, connectionId }) => {
      const access = store.authorize(username, password);
      if (!access) return { requestAuthentication: true, failMsg: 'Invalid proxy credentials or the rental has ended' };
      if (BLOCKED_PORTS.has(targetPort)) throw new RequestError(`Port ${targetPort} is blocked (no SMTP)`, 403);
      if (!rentalOf.has(connectionId)) {
        rentalOf.set(connectionId, access.rentalId);
        untrack.set(
          connectionId,
          store.track(access.rentalId, () => server.closeConnection(connectionId)),
        );
      }
      return { upstreamProxyUrl: access.upstream === 'direct' ? null : access.upstream, httpAgent: agent };
    },
  });

  server.on('connectionClosed', ({ connectionId, stats }: { connectionId: number; stats?: ConnectionStats }) => {
    const rentalId = rentalOf.get(connectionId);
    rentalOf.delete(connectionId);
    untrack.get(connectionId)?.();
    untrack.delete(connectionId);
    if (rentalId !== undefined && stats) store.countTraffic(rentalId, stats.srcRxBytes ?? 0, stats.srcTxBytes ?? 0);
  });
  // CONNECT tunnels take our own path (connect-tunnel.ts); proxy-chain keeps plain HTTP forwarding.
  server.server.removeAllListeners('connect');
  server.server.on('connect', createConnectHandler(store));
  // Errors of single requests (a refused upstream, a client gone) are answered to that client.
  server.on('requestFailed', () => undefined);
  return server;
}

interface ConnectionStats {
  srcTxBytes?: number;
  srcRxBytes?: number;
}
