import type dns from 'node:dns';
import http from 'node:http';
import { RequestError, Server } from 'proxy-chain';
import type { CredentialStore } from './credential-store';
import { AUTH_REALM, createConnectHandler, TARGET_NOT_ALLOWED } from './connect-tunnel';
import { gatewayAuthFailures } from '../metrics/metrics';
import { portRefused } from './dialer';
import { fixedLookup, resolveTarget, TargetRefusedError, type TargetPolicy } from './target-policy';

/**
 * The HTTP proxy front (CONNECT and plain HTTP forwarding, Proxy-Authorization: Basic): plain HTTP
 * on proxy-chain, CONNECT tunnels on our own handler. Keep-alive to upstreams is off: with pooled
 * sockets plain forwarding through an upstream returned resets (DESIGN section 5, proxy-chain
 * issue #628).
 */
export function createHttpFront(store: CredentialStore, policy: TargetPolicy, host: string, port: number): Server {
  const agent = new http.Agent({ keepAlive: false });
  const rentalOf = new Map<number, number>();
  const untrack = new Map<number, () => void>();

  const server = new Server({
    host,
    port,
    authRealm: AUTH_REALM,
    prepareRequestFunction: async ({ username, password, hostname, port: targetPort, connectionId }) => {
      const access = store.authorize(username, password);
      if (!access) {
        gatewayAuthFailures.inc({ front: 'http' });
        return { requestAuthentication: true, failMsg: 'Invalid proxy credentials or the rental has ended' };
      }
      if (portRefused(targetPort)) throw new RequestError(`Port ${targetPort} is blocked (no SMTP)`, 403);
      if (!rentalOf.has(connectionId)) {
        rentalOf.set(connectionId, access.rentalId);
        untrack.set(
          connectionId,
          store.track(access.rentalId, () => server.closeConnection(connectionId)),
        );
      }
      if (access.upstream !== 'direct') return { upstreamProxyUrl: access.upstream, httpAgent: agent };
      // Checked and resolved here, and the request then uses exactly these addresses.
      const addresses = await resolveTarget(policy, hostname.replace(/^\[|\]$/g, ''), targetPort).catch(
        (error: unknown) => {
          if (!(error instanceof TargetRefusedError)) throw error;
          throw error.reason === 'not-allowed'
            ? new RequestError(TARGET_NOT_ALLOWED, 403)
            : new RequestError('The target host was not found', 404);
        },
      );
      // proxy-chain types this option as dns.lookup but only hands it to http.request as its
      // `lookup`, which is what fixedLookup is (a LookupFunction lacks dns.lookup's __promisify__).
      const dnsLookup = fixedLookup(addresses) as unknown as typeof dns.lookup;
      return { upstreamProxyUrl: null, httpAgent: agent, dnsLookup };
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
  server.server.on('connect', createConnectHandler(store, policy));
  // Errors of single requests (a refused upstream, a client gone) are answered to that client.
  server.on('requestFailed', () => undefined);
  return server;
}

interface ConnectionStats {
  srcTxBytes?: number;
  srcRxBytes?: number;
}
