import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { DatabaseHandle } from '../db/client';
import { gatewayActiveConnections } from '../metrics/metrics';
import { FailureThrottle } from '../lib/failure-throttle';
import { ConnectionGuard, defaultMaxConnections, QuietLog, type RefusalCounts } from './connection-guard';
import { CredentialStore, type Access } from './credential-store';
import { DatabaseLink } from './database-link';
import type { GatewayLink } from './gateway-link';
import { dial, DialError, REPLY_NOT_ALLOWED } from './dialer';
import { createHttpFront } from './http-front';
import { LoginGate, type LoginResult } from './login-gate';
import { OwnPorts } from './own-ports';
import { RentalConnections } from './rental-connections';
import { RentalSources } from './rental-sources';
import { acceptProxyProtocol } from './proxy-protocol';
import { createSocks5Server, type Socks5Session } from './socks5-server';
import { createTargetPolicy, type PrivateTargets } from './target-policy';
import { loadTlsContext, startTlsFront, type TlsFiles } from './tls-front';
import { UdpAssociations } from './udp-associate';
import { listenOn } from '../lib/listen-on';

/** The shop's own gateway learns from the database; a node passes its link to the API. */
export type GatewaySource = { database: DatabaseHandle } | { link: GatewayLink };

export type GatewayOptions = GatewaySource & GatewaySettings;

export interface GatewaySettings {
  clock: Clock;
  log: FastifyBaseLogger;
  host: string;
  /** What customers connect to (GATEWAY_HOST), where it differs from the bind address. */
  publicHost?: string;
  socksPort: number;
  httpPort: number;
  /** Also the time a client has to finish its HTTP request line and headers. */
  handshakeTimeoutMs?: number;
  /** Unauthenticated connections one source address may hold (GATEWAY_MAX_PENDING_PER_IP). */
  maxPendingPerSource?: number;
  /** Connections of both fronts together (GATEWAY_MAX_CONNECTIONS; by default from the descriptor limit). */
  maxConnections?: number;
  /** `deny` (the default) keeps `direct` traffic off private and own addresses... */
  privateTargets?: PrivateTargets;
  /** ...but for this URL's host and port (the demo's /healthz; none in production). */
  privateTargetException?: string;
  /** Balancers whose PROXY protocol headers are believed (GATEWAY_PROXY_PROTOCOL_FROM); none by default. */
  proxyProtocolFrom?: net.BlockList;
  /** One rental's concurrent connections on this process unless its proxy says otherwise (0: unlimited). */
  rentalMaxConnections?: number;
  /** The HTTPS proxy port and its certificate (GATEWAY_TLS_PORT); none by default. */
  tls?: TlsFiles | null;
  /** Client addresses one rental may be used from in `sourceWindowMs`, unless its proxy says otherwise (0: unlimited). */
  rentalMaxSourceIps?: number;
  sourceWindowMs?: number;
  /** UDP associations one rental may hold on this process (GATEWAY_UDP_MAX_PER_RENTAL). */
  udpMaxPerRental?: number;
  /** UDP associations of this process together (GATEWAY_UDP_MAX). */
  udpMax?: number;
}

export interface Gateway {
  store: CredentialStore;
  /** Where what it serves comes from and where its usage goes. */
  link: GatewayLink;
  /** IP authorization's own ports, as stored by the API. */
  ownPorts: OwnPorts;
  /** Each rental's open connections against its cap (RENTAL_MAX_CONNECTIONS), in this process. */
  rentalConnections: RentalConnections;
  /** The many-addresses rule's memory of this process. */
  rentalSources: RentalSources;
  /** SOCKS5 UDP associations open on this process. */
  udp: UdpAssociations;
  socksPort: number;
  httpPort: number;
  /** The HTTPS proxy port; null when it is off. */
  tlsPort: number | null;
  /** Reads the HTTPS certificate again (SIGHUP); false when the files are not a usable pair. */
  reloadTls(): Promise<boolean>;
  /** Open client connections, refusals by reason and wrong logins since start (for metrics). */
  stats(): { openConnections: number; refused: RefusalCounts; authFailures: number };
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

/** GATEWAY_UDP_MAX_PER_RENTAL and GATEWAY_UDP_MAX when unset. */
export const DEFAULT_UDP_MAX_PER_RENTAL = 32;
export const DEFAULT_UDP_MAX = 4096;

/** a source with this many wrong logins in a minute is refused for the rest of it. */
export const FAILED_LOGINS_PER_MINUTE = 20;

/**
 * The gateway customers connect to: a SOCKS5 front and an HTTP front that
 * check a rental's credentials, forward through its upstream, cut access at end_time, and count
 * bytes. Any number of processes may run it against one PostgreSQL database.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { log } = options;
  const link = 'link' in options ? options.link : new DatabaseLink(options.database, options.clock, log);
  const policy = await createTargetPolicy(options.privateTargets ?? 'deny', options.privateTargetException, (message) =>
    log.warn(message),
  );
  // Read before anything listens: a certificate that cannot be read stops the start cleanly.
  const tlsContext = options.tls ? await loadTlsContext(options.tls) : null;
  const store = new CredentialStore(link, options.clock, link.flushMs);
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
  // A flood from one source is one log line a minute, not one per connection.
  const quiet = new QuietLog(60_000, () => options.clock.now().getTime());
  const guard = new ConnectionGuard(
    {
      maxPendingPerSource: options.maxPendingPerSource ?? 64,
      maxConnections: options.maxConnections ?? defaultMaxConnections(),
      handshakeTimeoutMs,
    },
    (reason, source) => {
      const count = quiet.occurrence(`${reason} ${source}`);
      if (count > 0) log.warn({ source, reason, count }, 'gateway: connections refused');
    },
  );
  const throttle = new FailureThrottle({
    maxFailures: FAILED_LOGINS_PER_MINUTE,
    windowMs: 60_000,
    clock: options.clock,
  });
  const proxyProtocol = options.proxyProtocolFrom && {
    trusted: options.proxyProtocolFrom,
    timeoutMs: handshakeTimeoutMs,
    onDropped: (source: string, reason: string) => {
      const count = quiet.occurrence(`proxy-protocol ${reason} ${source}`);
      if (count > 0) log.warn({ source, reason, count }, 'gateway: connection without a valid PROXY header dropped');
    },
  };
  // Own ports hand each connection to one of the two fronts below by its first byte.
  const ownPorts = new OwnPorts({
    host: options.host,
    log,
    guard,
    proxyProtocol: proxyProtocol || undefined,
    route: (socket, protocol) =>
      protocol === 'socks5' ? socks.emit('connection', socket) : http.server.emit('connection', socket),
  });
  const rentalSources = new RentalSources({
    ledger: link.ledger,
    clock: options.clock,
    defaultMax: options.rentalMaxSourceIps,
    windowMs: options.sourceWindowMs,
    onError: (error) => log.error({ err: String(error) }, 'gateway: the list of client addresses could not be read'),
  });
  const rentalConnections = new RentalConnections(options.rentalMaxConnections);
  const gate = new LoginGate(store, throttle, guard, ownPorts, rentalConnections, rentalSources, () => link.admits());
  await link.start({ store, ownPorts, sources: rentalSources, connections: rentalConnections });
  const udp = new UdpAssociations({
    store,
    policy,
    host: options.host,
    publicHost: options.publicHost,
    maxPerRental: options.udpMaxPerRental ?? DEFAULT_UDP_MAX_PER_RENTAL,
    max: options.udpMax ?? DEFAULT_UDP_MAX,
  });

  const changedSinceLogin = () => new DialError('the rental changed since the login', REPLY_NOT_ALLOWED);
  // One session shape for a login with credentials and one by address (IP authorization).
  const sessionOf = (access: Access): Socks5Session => ({
    // A login that waited before its request may have been cut meanwhile (a new password, a
    // move, the end), or be cut while it dials: it opens nothing, before or after the dial.
    dial: async (host, port) => {
      if (!store.stillServes(access)) throw changedSinceLogin();
      const target = await dial(access.upstream, host, port, policy, {
        holding: () => store.holding(access.rentalId),
      });
      if (store.stillServes(access)) return target;
      target.destroy();
      throw changedSinceLogin();
    },
    associate: (client, requested) =>
      store.stillServes(access) ? udp.associate(access, client, requested) : Promise.reject(changedSinceLogin()),
    opened: (client: net.Socket, target: net.Socket) => {
      // Payload only: what the handshake took before this point is not the customer's traffic.
      const readBefore = client.bytesRead;
      const writtenBefore = client.bytesWritten;
      const untrack = store.track(access, () => {
        client.destroy();
        target.destroy();
      });
      const finish = store.meter(access.rentalId, () => ({
        up: client.bytesRead - readBefore,
        down: client.bytesWritten - writtenBefore,
      }));
      return () => {
        untrack();
        finish();
      };
    },
  });

  // Over its cap (or from one address too many) a rental's login is accepted and its request
  // answered 0x02, "connection not allowed by ruleset" (RFC 1928): a failed login would tell the
  // client its password is wrong. A UDP association is refused the same way.
  const notAllowed = (why: string): Socks5Session => {
    const refuse = () => Promise.reject(new DialError(why, REPLY_NOT_ALLOWED));
    return { dial: refuse, associate: refuse };
  };
  const sessionOfLogin = (login: LoginResult | null): Socks5Session | null =>
    login?.ok
      ? sessionOf(login.access)
      : login?.reason === 'limit'
        ? notAllowed('the rental is at its connection cap')
        : login?.reason === 'sources'
          ? notAllowed('the rental is used from as many addresses as it may be')
          : null;
  const socks = createSocks5Server({
    handshakeTimeoutMs,
    authenticate: (username, password, client) => gate.login(client, username, password).then(sessionOfLogin),
    authenticateSource: (client) => gate.bySource(client).then(sessionOfLogin),
  });
  if (proxyProtocol) acceptProxyProtocol(socks, proxyProtocol);
  // Before the SOCKS5 handler, which leaves a socket the guard destroyed alone.
  socks.prependListener('connection', (socket: net.Socket) => void guard.admit(socket));
  socks.on('error', (error) => log.error({ err: error.message }, 'gateway: SOCKS5 front failed'));
  await listenOn(socks, options.socksPort, options.host);

  const http = createHttpFront({ store, policy, gate, guard, host: options.host, port: options.httpPort });
  if (proxyProtocol) acceptProxyProtocol(http.server, proxyProtocol);
  await http.listen();
  // Inside TLS the HTTP front serves as it does in clear (its 'connection' path, as own ports use).
  const tlsFront =
    options.tls && tlsContext
      ? await startTlsFront({
          ...options.tls,
          context: tlsContext,
          host: options.host,
          log,
          guard,
          proxyProtocol: proxyProtocol || undefined,
          deliver: (socket) => http.server.emit('connection', socket),
        })
      : null;

  const socksSockets = trackSockets(socks, 'socks5');
  const httpSockets = trackSockets(http.server, 'http');
  // After both fronts listen: the own ports' connections go to them.
  ownPorts.activate();
  await link.serving({
    socksPort: (socks.address() as AddressInfo).port,
    httpPort: http.port,
    tlsPort: tlsFront?.port ?? null,
    openConnections: () => guard.openConnections,
  });

  return {
    store,
    link,
    ownPorts,
    rentalConnections,
    rentalSources,
    udp,
    socksPort: (socks.address() as AddressInfo).port,
    httpPort: http.port,
    tlsPort: tlsFront?.port ?? null,
    reloadTls: () => tlsFront?.reload() ?? Promise.resolve(false),
    stats: () => ({
      openConnections: guard.openConnections,
      refused: { ...guard.refused },
      authFailures: gate.failures,
    }),
    close: async ({ drainMs = 0 } = {}) => {
      const socksClosed = new Promise<void>((resolve) => socks.close(() => resolve()));
      // proxy-chain's close(false) stops accepting and resolves once its connections have ended.
      const httpClosed = http.close(false);
      const ownClosed = ownPorts.close();
      const tlsClosed = tlsFront?.close();
      // Connections inside TLS are the HTTP front's (and counted there); what is left is handshakes.
      await drained([socksSockets, httpSockets], drainMs);
      for (const socket of [...socksSockets, ...(tlsFront?.sockets ?? [])]) socket.destroy();
      http.closeConnections();
      await Promise.all([socksClosed, httpClosed, ownClosed, tlsClosed]);
      rentalSources.close();
      await store.close();
      await link.close();
    },
  };
}
