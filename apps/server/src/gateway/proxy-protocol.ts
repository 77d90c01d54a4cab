import net from 'node:net';
import { clientAddress } from '@portal/contract';
import { listed } from './address-ranges';

/**
 * PROXY protocol v1 and v2 (HAProxy's `send-proxy` / `send-proxy-v2`) on the gateway's
 * listeners: a balancer in TCP mode states the customer's address in a header before the
 * customer's bytes, so per-source limits, logs and metrics see customers rather than the
 * balancer. Only connections from trusted sources are read for a header, and those must carry a
 * valid one; anyone else is served as before (a header from them is just bad protocol data).
 * https://www.haproxy.org/download/2.9/doc/proxy-protocol.txt
 */
export interface ProxyProtocolOptions {
  /** Balancers whose headers are believed (GATEWAY_PROXY_PROTOCOL_FROM). */
  trusted: net.BlockList;
  /** A trusted connection without a complete header by then is dropped. */
  timeoutMs: number;
  /** Told of each dropped connection (its balancer's address and why). */
  onDropped?: (source: string, reason: 'malformed' | 'timeout') => void;
}

const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
const V1_PREFIX = Buffer.from('PROXY ');
/** The longest v1 line, CRLF included (the specification's figure). */
const V1_MAX = 107;
/** Addresses plus TLVs; HAProxy's own stay far below this. */
const V2_MAX_BODY = 1024;

/** The client a header names, or null to keep the socket's own address (LOCAL, UNKNOWN). */
type Source = { address: string; port: number; family: 'IPv4' | 'IPv6' } | null;
type Parsed = { source: Source; length: number } | 'incomplete' | 'malformed';

const startedAt = new WeakMap<net.Socket, number>();

/** When a connection that waited for its header was accepted: its handshake deadline counts from then. */
export function acceptedAt(socket: net.Socket): number | undefined {
  return startedAt.get(socket);
}

/** A socket layered over an accepted one (TLS) carries no header of its own: it is not read for one. */
export function headerReadWith(outer: net.Socket, inner: net.Socket): void {
  startedAt.set(outer, startedAt.get(inner) ?? Date.now());
}

/** Parses CIDR lists like `10.0.0.0/8, 172.16.0.0/12, ::1/128` (bare addresses are one host). */
export function trustedSources(list: string): net.BlockList {
  const blocks = new net.BlockList();
  for (const item of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', prefixText] = item.split('/');
    const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
    const prefix = prefixText === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefixText);
    const max = family === 'ipv4' ? 32 : 128;
    if (!family || !/^\d+$/.test(prefixText ?? '0') || prefix > max) {
      throw new Error(`"${item}" is not an address or CIDR range`);
    }
    blocks.addSubnet(address, prefix, family);
  }
  return blocks;
}

export function parseProxyHeader(buffer: Buffer): Parsed {
  if (buffer.length === 0) return 'incomplete';
  const signature = buffer.subarray(0, Math.min(buffer.length, V2_SIGNATURE.length));
  if (signature.equals(V2_SIGNATURE.subarray(0, signature.length))) return parseV2(buffer);
  const prefix = buffer.subarray(0, Math.min(buffer.length, V1_PREFIX.length));
  if (prefix.equals(V1_PREFIX.subarray(0, prefix.length))) return parseV1(buffer);
  return 'malformed';
}

function parseV1(buffer: Buffer): Parsed {
  const end = buffer.indexOf('\r\n');
  if (end === -1) return buffer.length >= V1_MAX ? 'malformed' : 'incomplete';
  if (end + 2 > V1_MAX) return 'malformed';
  const parts = buffer.subarray(0, end).toString('latin1').split(' ');
  if (parts[1] === 'UNKNOWN') return { source: null, length: end + 2 };
  const [, protocol, address = '', destination = '', portText = '', destinationPort = ''] = parts;
  const family = protocol === 'TCP4' ? 'IPv4' : protocol === 'TCP6' ? 'IPv6' : null;
  const valid =
    family !== null &&
    parts.length === 6 &&
    net.isIP(address) === (family === 'IPv4' ? 4 : 6) &&
    net.isIP(destination) === net.isIP(address) &&
    isPort(portText) &&
    isPort(destinationPort);
  if (!valid) return 'malformed';
  return { source: { address: customerAddress(address), port: Number(portText), family }, length: end + 2 };
}

function isPort(text: string): boolean {
  return /^(0|[1-9]\d{0,4})$/.test(text) && Number(text) <= 65535;
}

function parseV2(buffer: Buffer): Parsed {
  if (buffer.length < 16) return 'incomplete';
  const versionCommand = buffer[12] ?? 0;
  const familyProtocol = buffer[13] ?? 0;
  const bodyLength = buffer.readUInt16BE(14);
  if (versionCommand >> 4 !== 2 || bodyLength > V2_MAX_BODY) return 'malformed';
  const command = versionCommand & 0x0f;
  if (command > 1) return 'malformed';
  if (buffer.length < 16 + bodyLength) return 'incomplete';
  const length = 16 + bodyLength;
  // LOCAL: the balancer's own connection (its health check); the socket's address stands.
  if (command === 0) return { source: null, length };
  const body = buffer.subarray(16, length);
  if (familyProtocol === 0x11 || familyProtocol === 0x12) {
    if (body.length < 12) return 'malformed';
    return {
      source: { address: [...body.subarray(0, 4)].join('.'), port: body.readUInt16BE(8), family: 'IPv4' },
      length,
    };
  }
  if (familyProtocol === 0x21 || familyProtocol === 0x22) {
    if (body.length < 36) return 'malformed';
    const words: string[] = [];
    for (let i = 0; i < 8; i += 1) words.push(body.readUInt16BE(i * 2).toString(16));
    return {
      source: { address: customerAddress(words.join(':')), port: body.readUInt16BE(32), family: 'IPv6' },
      length,
    };
  }
  // UNSPEC (or unix sockets, which a TCP balancer does not forward): keep the socket's address.
  if ((familyProtocol & 0xf0) === 0x00 || (familyProtocol & 0xf0) === 0x30) return { source: null, length };
  return 'malformed';
}

/**
 * An IPv4 client of a dual-stack balancer comes as an IPv4-mapped IPv6 address, which a v2 header
 * carries as bytes (written here in hex words, 0:0:0:0:0:ffff:c633:640b). It is written as Node
 * writes such a client of its own dual-stack listeners, ::ffff:198.51.100.11, which the per-source
 * keys read as the IPv4 client it is; in hex they put every IPv4 client in one IPv6 /64, and one
 * client's failed logins throttled them all.
 */
function customerAddress(address: string): string {
  if (!net.isIPv6(address)) return address;
  const client = clientAddress(address);
  return client?.family === 4 ? `::ffff:${client.bytes.join('.')}` : address;
}

/** The header's client becomes the socket's remote address for everything that reads it. */
function adopt(socket: net.Socket, source: Source): void {
  if (!source) return;
  // Own properties shadow net.Socket's getters, so the guard, the login throttle, proxy-chain
  // and the logs all see the customer without each being told.
  Object.defineProperty(socket, 'remoteAddress', { value: source.address, configurable: true });
  Object.defineProperty(socket, 'remotePort', { value: source.port, configurable: true });
  Object.defineProperty(socket, 'remoteFamily', { value: source.family, configurable: true });
}

/**
 * Makes `server` read a PROXY header from trusted sources before any of its `connection`
 * listeners see the socket (whenever they were added), with the rest of the first bytes handed
 * on. Works for any net.Server, an http.Server included; call once per listener.
 */
export function acceptProxyProtocol(server: net.Server, options: ProxyProtocolOptions): void {
  const emit = server.emit.bind(server);
  const deliver = (socket: net.Socket, rest: Buffer) => {
    if (rest.length > 0) socket.unshift(rest);
    emit('connection', socket);
    // The listeners attached their own readers to a socket we paused.
    if (!socket.destroyed) socket.resume();
  };
  server.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    const socket = args[0];
    if (event !== 'connection' || !(socket instanceof net.Socket)) return emit(event, ...args);
    const source = socket.remoteAddress ?? '';
    // Read once: an own port hands its sockets on to a front, whose listener is patched too, and
    // the customer named by the header may well be inside a trusted range.
    if (startedAt.has(socket) || !listed(options.trusted, source)) {
      return emit(event, ...args);
    }
    startedAt.set(socket, Date.now());
    let buffer = Buffer.alloc(0);
    const drop = (reason: 'malformed' | 'timeout') => {
      finish();
      options.onDropped?.(source, reason);
      socket.destroy();
    };
    const timer = setTimeout(() => drop('timeout'), options.timeoutMs);
    timer.unref();
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const parsed = parseProxyHeader(buffer);
      if (parsed === 'incomplete') return;
      if (parsed === 'malformed') return drop('malformed');
      finish();
      socket.pause();
      adopt(socket, parsed.source);
      deliver(socket, buffer.subarray(parsed.length));
    };
    const finish = () => {
      clearTimeout(timer);
      socket.removeListener('data', onData);
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
    return true;
  };
}
