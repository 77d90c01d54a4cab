import net from 'node:net';
import { clientAddress, ipAuthRange, rangeHolds, type IpRange } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ConnectionGuard } from './connection-guard';
import { acceptProxyProtocol, type ProxyProtocolOptions } from './proxy-protocol';
import { SOCKS4_VERSION } from './socks4';

/** Where a sniffed connection goes: the SOCKS front (first byte 0x05, or 0x04 for SOCKS4) or the HTTP front. */
export type Route = (socket: net.Socket, protocol: 'socks5' | 'http') => void;

export interface OwnPortsOptions {
  /** The fronts' bind address: own ports listen beside them. */
  host: string;
  log: FastifyBaseLogger;
  guard: ConnectionGuard;
  /** Behind a balancer (GATEWAY_PROXY_PROTOCOL_FROM): the header names the source the list is checked against. */
  proxyProtocol?: ProxyProtocolOptions;
  route: Route;
}

/** One rental's own port and the sources it lets in without a password. */
export interface Allocation {
  port: number;
  rentalId: number;
  username: string;
  ips: string[];
}

interface Listener extends Allocation {
  allows: (address: string) => boolean;
  server: net.Server | null;
  sockets: Set<net.Socket>;
}

const SOCKS_VERSION = 0x05;
/** A listener that could not open (its port was taken) is tried again this often. */
export const RECONCILE_MS = 30_000;

/**
 * The ranges a stored list matches, by the same rules the API checks lists with: an entry those
 * rules refuse (one stored before they were tightened) matches nothing, so no stored row can
 * widen access beyond what a customer may list today.
 */
export function ipAuthMatcher(ips: readonly string[], onIgnored?: (entry: string) => void) {
  const ranges: IpRange[] = [];
  for (const entry of ips) {
    const range = ipAuthRange(entry);
    if (range) ranges.push(range);
    else onIgnored?.(entry);
  }
  return (address: string): boolean => {
    const source = clientAddress(address);
    return source !== null && ranges.some((range) => rangeHolds(range, source));
  };
}

/**
 * IP authorization's own ports. Every rental with a list of sources has a port of its
 * own, allocated and stored by the API; each gateway process listens on exactly the ports its
 * link tells it (from the database, or a node's stream), and hands each connection to the
 * SOCKS5 or the HTTP front by its first byte. The fronts then ask `allowedRental` whether the
 * client may go without a password; everything else (guard, login gate, target policy, expiry
 * cut, metering) is the fronts' own path.
 */
export class OwnPorts {
  private readonly byPort = new Map<number, Listener>();
  private readonly listenerOf = new WeakMap<net.Socket, Listener>();
  private readonly passwordless = new WeakSet<net.Socket>();
  private readonly reconciler: NodeJS.Timeout;
  /** Listeners open only once the fronts they hand connections to listen. */
  private active = false;
  private closed = false;

  constructor(private readonly options: OwnPortsOptions) {
    this.reconciler = setInterval(() => this.reopen(), RECONCILE_MS);
    this.reconciler.unref();
  }

  /** Ports this process listens on now (for tests and the start-up log). */
  get listening(): number[] {
    return [...this.byPort.values()].filter((entry) => entry.server?.listening).map((entry) => entry.port);
  }

  /** Every allocation this process serves, replaced whole (at start, after a lost link). */
  replaceAll(rows: readonly Allocation[]): void {
    if (this.closed) return;
    const seen = new Set(rows.map((row) => row.port));
    for (const port of [...this.byPort.keys()]) if (!seen.has(port)) void this.remove(port);
    for (const row of rows) this.apply(row);
  }

  /** One port changed: its allocation now, or null when it was given back. */
  setPort(port: number, row: Allocation | null): void {
    if (this.closed) return;
    if (row) this.apply(row);
    else void this.remove(port);
  }

  /** One rental's allocation changed: its port now, or null when it has none any more. */
  setRental(rentalId: number, row: Allocation | null): void {
    if (this.closed) return;
    for (const entry of [...this.byPort.values()]) {
      if (entry.rentalId === rentalId && entry.port !== row?.port) void this.remove(entry.port);
    }
    if (row) this.apply(row);
  }

  /** The fronts listen: own ports may hand connections to them from now on. */
  activate(): void {
    this.active = true;
    this.reopen();
  }

  private reopen(): void {
    if (!this.active || this.closed) return;
    for (const entry of this.byPort.values()) if (!entry.server) this.open(entry);
  }

  /**
   * The rental whose own port the client came in on, if the client's address is on its list;
   * null otherwise (then the client needs the password as anywhere else).
   */
  allowedRental(client: net.Socket): { rentalId: number; username: string } | null {
    const entry = this.listenerOf.get(client);
    if (!entry || !this.allows(entry, client)) return null;
    this.passwordless.add(client);
    return { rentalId: entry.rentalId, username: entry.username };
  }

  /** The rental of the own port the client came in on; null on the shared ports. */
  rentalOfPort(client: net.Socket): number | null {
    return this.listenerOf.get(client)?.rentalId ?? null;
  }

  /** Stops accepting; open connections drain and end with the fronts they were handed to. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.reconciler);
    await Promise.all([...this.byPort.keys()].map((port) => this.remove(port, false)));
  }

  private allows(entry: Listener, client: net.Socket): boolean {
    return entry.allows(client.remoteAddress ?? '');
  }

  private matcherOf(row: Allocation) {
    return ipAuthMatcher(row.ips, (entry) =>
      this.options.log.warn(
        { port: row.port, entry },
        'gateway: an IP authorization entry outside the rules is ignored',
      ),
    );
  }

  private apply(row: Allocation): void {
    const entry = this.byPort.get(row.port);
    if (!entry) {
      const created: Listener = { ...row, allows: this.matcherOf(row), server: null, sockets: new Set() };
      this.byPort.set(row.port, created);
      if (this.active) this.open(created);
      return;
    }
    if (entry.rentalId !== row.rentalId) {
      // The port went to another rental between two notifications: nothing of the old one stays.
      for (const socket of entry.sockets) socket.destroy();
    }
    Object.assign(entry, row, { allows: this.matcherOf(row) });
    // A source taken off the list loses the connections it made without a password.
    for (const socket of entry.sockets) {
      if (this.passwordless.has(socket) && !this.allows(entry, socket)) socket.destroy();
    }
    if (!entry.server && this.active) this.open(entry);
  }

  private remove(port: number, cut = true): Promise<void> {
    const entry = this.byPort.get(port);
    if (!entry) return Promise.resolve();
    this.byPort.delete(port);
    // The port left the rental (list emptied, rental ended): so do its connections.
    if (cut) for (const socket of entry.sockets) socket.destroy();
    const server = entry.server;
    entry.server = null;
    return server?.listening ? new Promise((resolve) => server.close(() => resolve())) : Promise.resolve();
  }

  private open(entry: Listener): void {
    const server = net.createServer({ noDelay: true }, (socket) => this.accept(entry, socket));
    // Before the first byte is sniffed: a PROXY header starts with neither SOCKS5's nor a method.
    if (this.options.proxyProtocol) acceptProxyProtocol(server, this.options.proxyProtocol);
    entry.server = server;
    server.on('error', (error: NodeJS.ErrnoException) => {
      // Most likely another program holds the port; the reconciler tries again later.
      this.options.log.error({ port: entry.port, err: error.code ?? error.message }, 'gateway: own port failed');
      if (entry.server === server) entry.server = null;
      server.close();
    });
    server.listen(entry.port, this.options.host);
  }

  private accept(entry: Listener, socket: net.Socket): void {
    // A connection accepted just before the port was given back or taken over.
    if (this.byPort.get(entry.port) !== entry) return void socket.destroy();
    // The guard's pending limit and handshake timer count from here; the front's admit is a no-op.
    if (!this.options.guard.admit(socket)) return;
    this.listenerOf.set(socket, entry);
    entry.sockets.add(socket);
    socket.once('close', () => entry.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // The first byte tells the protocol: SOCKS5 greetings start with 0x05, HTTP with a method name.
    // All in one tick, so no later bytes can pass the one put back (HTTP reads the socket's
    // handle directly once it has it).
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      // SOCKS4 (0x04) too: the SOCKS5 server hands those clients on itself.
      const socks = chunk[0] === SOCKS_VERSION || chunk[0] === SOCKS4_VERSION;
      this.options.route(socket, socks ? 'socks5' : 'http');
      socket.resume();
    });
  }
}
