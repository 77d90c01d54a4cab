import type dns from 'node:dns';
import type http from 'node:http';
import { RequestError, Server } from 'proxy-chain';
import type net from 'node:net';
import type { ConnectionGuard } from './connection-guard';
import type { Access, CredentialStore } from './credential-store';
import { AUTH_REALM, createConnectHandler, REFUSED, TARGET_NOT_ALLOWED } from './connect-tunnel';
import { portRefused } from './dialer';
import { oneRequestAtATime, RequestAgent } from './plain-requests';
import { TOO_MANY_CONNECTIONS, TOO_MANY_FAILED_LOGINS, TOO_MANY_SOURCES, type LoginGate } from './login-gate';
import { fixedLookup, resolveTarget, TargetRefusedError, type TargetPolicy } from './target-policy';

/**
 * The HTTP proxy front (CONNECT and plain HTTP forwarding, Proxy-Authorization: Basic): plain HTTP
 * on proxy-chain, CONNECT tunnels on our own handler. Keep-alive to upstreams is off: with pooled
 * sockets, plain forwarding through an upstream returned connection resets. Each plain request
 * is authorised, forwarded and metered as its own rental's, one
 * at a time per client socket (plain-requests.ts).
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
  // The rental of each client connection's latest request: a new password of that rental, its
  // end or a move cuts the connection; a request of another rental moves the connection to it.
  const bound = new Map<number, { rentalId: number; untrack: () => void }>();
  const bind = (connectionId: number, access: Access, client: net.Socket) => {
    const { rentalId } = access;
    const current = bound.get(connectionId);
    if (current?.rentalId === rentalId) return;
    current?.untrack();
    if (current) gate.rentalConnections.release(current.rentalId, client);
    bound.set(connectionId, {
      rentalId,
      untrack: store.track(access, () => server.closeConnection(connectionId)),
    });
  };

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
      bind(connectionId, access, request.socket);
      const agent = new RequestAgent(store, access.rentalId, access.upstream, policy);
      const turn = turnOf(request);
      if (turn) turn.agent = agent;
      if (access.upstream.startsWith('http:')) return { upstreamProxyUrl: access.upstream, httpAgent: agent };
      // An https:// URL would leave through Node's own https agent, past the upstream and the meter.
      if (!request.url?.startsWith('http:')) throw new RequestError(HTTPS_NEEDS_CONNECT, 400);
      if (access.upstream !== 'direct') return { upstreamProxyUrl: null, httpAgent: agent };
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

  // Bytes are metered per request, on its upstream connections (plain-requests.ts).
  server.on('connectionClosed', ({ connectionId }: { connectionId: number }) => {
    bound.get(connectionId)?.untrack();
    bound.delete(connectionId);
  });
  const turnOf = oneRequestAtATime(server.server);
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

/** The 400 of a plain request for an https:// URL (clients send those as CONNECT). */
export const HTTPS_NEEDS_CONNECT = 'Send https:// requests through CONNECT';
