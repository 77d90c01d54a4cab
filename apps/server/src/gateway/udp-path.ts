import dgram from 'node:dgram';
import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import net from 'node:net';
import { SocksClient, type SocksClientOptions } from 'socks';
import { DialError, portRefused } from './dialer';
import { parseUdpFrame, plainAddress, udpFrame } from './udp-frame';
import { resolveTarget, TargetRefusedError, type TargetPolicy } from './target-policy';

/** Sends without throwing: a socket closed meanwhile (the association ended) just drops it. */
function sendOn(socket: dgram.Socket, data: Buffer, port: number, address: string): Promise<boolean> {
  return new Promise((done) => {
    try {
      socket.send(data, port, address, (error) => done(!error));
    } catch {
      done(false);
    }
  });
}

/** A dual-stack socket sends to IPv4 targets by their mapped address. */
const sendAddress = (v6: boolean, address: string) => (v6 && net.isIPv4(address) ? `::ffff:${address}` : address);

/**
 * What both paths share: nothing leaves once closed, closing happens once, and a socket error ends
 * the path by itself (`onClose` once). `send` gets a check of whether the path is still open, for
 * sends that wait on a look-up first.
 */
function pathOn(
  socket: dgram.Socket,
  send: (host: string, port: number, data: Buffer, open: () => boolean) => Promise<boolean>,
  release: () => void = () => undefined,
): { path: UdpPath; ended: () => void } {
  let closed = false;
  const path: UdpPath = {
    send: (host, port, data) => (closed ? Promise.resolve(false) : send(host, port, data, () => !closed)),
    onMessage: () => undefined,
    onClose: () => undefined,
    close: () => {
      if (closed) return;
      closed = true;
      socket.close();
      release();
    },
  };
  const ended = () => {
    if (closed) return;
    path.close();
    path.onClose();
  };
  socket.on('error', ended);
  return { path, ended };
}

/** SOCKS5 reply for an upstream that carries no UDP (RFC 1928: command not supported). */
export const REPLY_COMMAND_NOT_SUPPORTED = 0x07;

/** Where a rental's datagrams leave: straight from the gateway host, or by its upstream's own relay. */
export interface UdpPath {
  /** Sends a payload to host:port; answers whether it left (false: dropped by the rules). */
  send(host: string, port: number, data: Buffer): Promise<boolean>;
  /** Answers from targets. */
  onMessage: (host: string, port: number, data: Buffer) => void;
  /** Runs once when the path ends by itself (the upstream dropped its control connection). */
  onClose: () => void;
  close(): void;
}

export interface UdpPathOptions {
  /** Which addresses `direct` datagrams may reach (as for TCP, not applied behind an upstream). */
  policy: TargetPolicy;
  /** The gateway's bind address: `direct` sockets bind there (all addresses when it is unspecified). */
  bindHost: string;
  timeoutMs?: number;
}

const unspecified = (host: string) => host === '' || /^[0:.]*$/.test(host);

/** Answers from how many targets one association takes; the oldest is forgotten past this. */
const MAX_PEERS = 1024;
/** Names one `direct` association keeps resolved (each for a minute). */
const MAX_NAMES = 256;
const NAME_TTL_MS = 60_000;
/**
 * Name look-ups one `direct` association may have under way; datagrams past it are dropped. Look-ups
 * run on libuv's few threads, which every dial shares: a client sending to endless new names must
 * not hold them all.
 */
const MAX_LOOKUPS = 4;

/** A UDP socket bound on `host` (an unspecified host: every address of its family). */
export function bindUdp(host: string, port = 0): Promise<dgram.Socket> {
  const family = net.isIPv6(host) ? 'udp6' : 'udp4';
  const socket = dgram.createSocket({ type: family, ipv6Only: false });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind({ address: unspecified(host) ? undefined : host, port }, () => {
      socket.removeListener('error', reject);
      resolve(socket);
    });
  });
}

/**
 * A SOCKS5 UDP ASSOCIATE as a client (the library's createConnection does CONNECT and BIND
 * only): the control connection and the relay address the server named.
 */
export function socksAssociate(
  options: Omit<SocksClientOptions, 'command'>,
): Promise<{ socket: net.Socket; remoteHost: { host: string; port: number } | undefined }> {
  return new Promise((resolve, reject) => {
    const client = new SocksClient({ ...options, command: 'associate' });
    client.once('established', ({ socket, remoteHost }) => resolve({ socket, remoteHost }));
    client.once('error', reject);
    client.connect();
  });
}

/** Opens the UDP path of an upstream: `direct`, or a SOCKS5 upstream's UDP ASSOCIATE. */
export async function openUdpPath(upstream: string, options: UdpPathOptions): Promise<UdpPath> {
  if (upstream === 'direct') return directPath(options);
  const url = new URL(upstream);
  if (url.protocol !== 'socks5:') {
    throw new DialError('an HTTP upstream carries no UDP', REPLY_COMMAND_NOT_SUPPORTED);
  }
  return socksPath(url, options.bindHost, options.timeoutMs ?? 10_000);
}

async function directPath(options: UdpPathOptions): Promise<UdpPath> {
  const socket = await bindUdp(options.bindHost);
  const v6 = socket.address().family === 'IPv6';
  const names = new Map<string, { addresses: LookupAddress[]; until: number }>();
  // Only targets this association sent to may answer: nobody else can put datagrams into it.
  const peers = new Set<string>();
  let lookups = 0;
  const resolve = async (host: string, port: number): Promise<LookupAddress[]> => {
    if (net.isIP(host) !== 0) return resolveTarget(options.policy, host, port);
    const cached = names.get(host);
    if (cached && cached.until > Date.now()) {
      return cached.addresses.filter(({ address }) => options.policy.allows(address, port));
    }
    if (lookups >= MAX_LOOKUPS) return [];
    lookups += 1;
    try {
      const addresses = await resolveTarget(options.policy, host, port);
      if (names.size >= MAX_NAMES) names.delete(names.keys().next().value ?? '');
      names.set(host, { addresses, until: Date.now() + NAME_TTL_MS });
      return addresses;
    } finally {
      lookups -= 1;
    }
  };
  const { path } = pathOn(socket, async (host, port, data, open) => {
    if (portRefused(port)) return false;
    let addresses: LookupAddress[];
    try {
      addresses = await resolve(host, port);
    } catch (error) {
      if (error instanceof TargetRefusedError) return false;
      throw error;
    }
    const usable = addresses.find(({ family }) => v6 || family === 4);
    if (!usable) return false;
    const address = plainAddress(usable.address);
    const key = `${address} ${port}`;
    if (!peers.has(key)) {
      if (peers.size >= MAX_PEERS) peers.delete(peers.values().next().value ?? '');
      peers.add(key);
    }
    return open() ? sendOn(socket, data, port, sendAddress(v6, address)) : false;
  });
  socket.on('message', (data, from) => {
    const address = plainAddress(from.address);
    if (peers.has(`${address} ${from.port}`)) path.onMessage(address, from.port, data);
  });
  return path;
}

async function socksPath(url: URL, bindHost: string, timeoutMs: number): Promise<UdpPath> {
  const proxyHost = url.hostname.replace(/^\[|\]$/g, '');
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  let control: net.Socket;
  let relay: { host: string; port: number };
  try {
    const established = await socksAssociate({
      proxy: { host: proxyHost, port: Number(url.port), type: 5, ...(user ? { userId: user, password: pass } : {}) },
      // The address we will send from is not known before the socket is bound: all zeros (RFC 1928).
      destination: { host: '0.0.0.0', port: 0 },
      timeout: timeoutMs,
    });
    control = established.socket;
    // At once: the socks library drops its own error handler once the association is up, and an
    // upstream's reset before ours is attached would be an uncaught error of the whole process.
    control.on('error', () => control.destroy());
    relay = established.remoteHost ?? { host: proxyHost, port: 0 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reply = /CommandNotSupported|NotAllowed/.test(message) ? REPLY_COMMAND_NOT_SUPPORTED : 0x01;
    throw new DialError(`upstream SOCKS5 proxy refused UDP: ${message}`, reply);
  }
  try {
    // A relay answered as "0.0.0.0": the upstream's own address, by convention.
    const relayHost = !relay.host || unspecified(relay.host) ? proxyHost : relay.host;
    const relayAddress = net.isIP(relayHost) ? relayHost : (await dns.lookup(relayHost)).address;
    if (relay.port === 0) throw new Error('the upstream named no UDP relay port');
    // From the address the control connection left by: the route to the upstream is known to work.
    const socket = await bindUdp(control.localAddress ?? bindHost);
    // Closed while the relay was looked up or bound: its 'close' has passed, so nothing would end it.
    if (control.destroyed) {
      socket.close();
      throw new Error('the upstream closed the association');
    }
    const v6 = socket.address().family === 'IPv6';
    const relayTo = sendAddress(v6, relayAddress);
    const { path, ended } = pathOn(
      socket,
      async (host, port, data) => !portRefused(port) && sendOn(socket, udpFrame(host, port, data), relay.port, relayTo),
      () => control.destroy(),
    );
    socket.on('message', (datagram, from) => {
      if (plainAddress(from.address) !== plainAddress(relayAddress) || from.port !== relay.port) return;
      const frame = parseUdpFrame(datagram);
      if (frame) path.onMessage(plainAddress(frame.host), frame.port, frame.data);
    });
    // RFC 1928: the association ends when its TCP connection does.
    control.on('close', ended);
    control.resume();
    return path;
  } catch (error) {
    control.destroy();
    throw new DialError(`upstream SOCKS5 UDP relay: ${error instanceof Error ? error.message : String(error)}`, 0x01);
  }
}
