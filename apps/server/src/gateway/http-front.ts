import type dns from 'node:dns';
import http from 'node:http';
import { RequestError, Server } from 'proxy-chain';
import type net from 'node:net';
import type { ConnectionGuard } from './connection-guard';
import type { CredentialStore } from './credential-store';
import { AUTH_REALM, createConnectHandler, REFUSED, TARGET_NOT_ALLOWED } from './connect-tunnel';
import { portRefused } from './dialer';
import { TOO_MANY_CONNECTIONS, TOO_MANY_FAILED_LOGINS, TOO_MANY_SOURCES, type LoginGate } from './login-gate';
import { fixedLookup, resolveTarget, TargetRefusedError, type TargetPolicy } from './target-policy';

/**
 * The HTTP proxy front (CONNECT and plain HTTP forwarding, Proxy-Authorization: Basic): plain HTTP
 * on proxy-chain, CONNECT tunnels on our own handler. Keep-alive to upstreams is off: with pooled
 * sockets plain forwarding through an upstream returned resets (proxy-chain
 * issue #628).
 */
export interface HttpFrontOptions {
  store: CredentialStore;
  policy: TargetPolicy;
  gate: LoginGate;
  guard: ConnectionGuard;
  host: string;
  port: number;
}

export function createHttpFront({ store, policy, gate, guard, host, port }: HttpFrontOptions): Server {
  const agent = new http.Agent({ keepAlive: false });
  const rentalOf = new Map<number, number>();
  const untrack = new Map<number, () => void>();

  const server = new Server({
    host,
    port,
    authRealm: AUTH_REALM,
    prepareRequestFunction: async ({ request, username, password, hostname, port: targetPort, connectionId }) => {
      // A request without credentials is the usual first step of a client (it learns it needs
      // them from the 407), not a guess: it gets the 407 without counting as a failed login,
      // unless it comes from a listed address on the rental's own port (IP authorization).
      const login = request.headers['proxy-authorization']
        ? await gate.login(request.socket, username, password)
        : await gate.bySource(request.socket);
      if (!login) return { requestAuthentication: true, failMsg: REFUSED };
      if (!login.ok && login.reason === 'throttled') throw new RequestError(TOO_MANY_FAILED_LOGINS, 429);
      if (!login.ok && login.reason === 'limit') throw new RequestError(TOO_MANY_CONNECTIONS, 429);
      if (!login.ok && login.reason === 'sources') throw new RequestError(TOO_MANY_SOURCES, 403);
      if (!login.ok) return { requestAuthentication: true, failMsg: REFUSED };
      const { access } = login;
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
  const connect = createConnectHandler(store, policy, gate);
  server.server.on('connect', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    connect(request, socket, head).catch(() => socket.destroy());
  });
  // Ahead of proxy-chain's own handler, which then sees the refused socket already destroyed.
  server.server.prependListener('connection', (socket: net.Socket) => void guard.admit(socket));
  // Errors of single requests (a refused upstream, a client gone) are answered to that client.
  server.on('requestFailed', () => undefined);
  return server;
}

interface ConnectionStats {
  srcTxBytes?: number;
  srcRxBytes?: number;
}
