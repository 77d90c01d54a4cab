import http from 'node:http';
import net from 'node:net';
import { BLOCKED_PORTS } from '@portal/contract';
import { SocksClient } from 'socks';
import { gatewayRefusedTargets } from '../metrics/metrics';
import { connectForRelay } from './relay';
import { fixedLookup, resolveTarget, TargetRefusedError, type TargetPolicy } from './target-policy';

/** Whether the terms forbid this port; each refusal is counted in /metrics. */
export function portRefused(port: number): boolean {
  if (!BLOCKED_PORTS.has(port)) return false;
  gatewayRefusedTargets.inc({ reason: 'blocked_port' });
  return true;
}

/** SOCKS5 reply for a blocked port or a refused address (RFC 1928: not allowed by ruleset). */
export const REPLY_NOT_ALLOWED = 0x02;

export class DialError extends Error {
  constructor(
    message: string,
    /** SOCKS5 reply code that best describes the failure (RFC 1928 section 6). */
    readonly socksReply: number,
  ) {
    super(message);
    this.name = 'DialError';
  }
}

export interface DialOptions {
  timeoutMs?: number;
  /**
   * Called once an upstream proxy works on the dial (a SOCKS5 upstream has answered its greeting;
   * an HTTP one has taken the connection that carries the CONNECT); answers what to call when the
   * dial ends. A dial waiting there holds one of the upstream's client slots, as an open tunnel
   * does: the renter's load, which can make a check of the same upstream fail. An upstream that
   * takes the TCP connection but never answers a SOCKS5 greeting is not working on anything.
   */
  holding?: () => () => void;
}

/** The longest host name SOCKS5 can carry (one length byte); a longer one is refused here. */
const MAX_HOST_BYTES = 255;

/**
 * Opens a TCP connection to host:port through a rental's upstream: `direct`, a SOCKS5 proxy
 * (`socks5://user:pass@host:port`) or an HTTP proxy by CONNECT (`http://user:pass@host:port`).
 * `policy` decides which addresses a `direct` connection may reach; behind an upstream proxy the
 * target is reached from the upstream's network, not from the gateway's.
 */
export async function dial(
  upstream: string,
  host: string,
  port: number,
  policy: TargetPolicy,
  { timeoutMs = 10_000, holding }: DialOptions = {},
): Promise<net.Socket> {
  if (portRefused(port)) throw new DialError(`port ${port} is blocked`, REPLY_NOT_ALLOWED);
  if (Buffer.byteLength(host) > MAX_HOST_BYTES) throw new DialError('the host name is too long', 0x04);
  if (upstream === 'direct') return dialDirect(host, port, timeoutMs, policy);
  const url = new URL(upstream);
  const proxyHost = url.hostname.replace(/^\[|\]$/g, '');
  const proxyPort = Number(url.port);
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  if (url.protocol === 'socks5:') {
    const started = Date.now();
    let release = () => undefined as void;
    let reached: net.Socket | undefined;
    try {
      reached = await reachUpstream(proxyHost, proxyPort, timeoutMs);
      // Until the SOCKS5 client takes the socket (it may refuse its options first), an error of
      // the socket must not go unheard: that would end the process.
      reached.on('error', () => undefined);
      reached.once('data', () => {
        release = holding?.() ?? release;
      });
      const { socket } = await SocksClient.createConnection({
        proxy: { host: proxyHost, port: proxyPort, type: 5, ...(user ? { userId: user, password: pass } : {}) },
        command: 'connect',
        destination: { host, port },
        timeout: Math.max(1, timeoutMs - (Date.now() - started)),
        existing_socket: reached,
      });
      return socket;
    } catch (error) {
      reached?.destroy();
      throw new DialError(`upstream SOCKS5 proxy: ${error instanceof Error ? error.message : String(error)}`, 0x01);
    } finally {
      release();
    }
  }
  if (url.protocol === 'http:') {
    return dialHttpConnect({ proxyHost, proxyPort, user, pass, host, port, timeoutMs, holding });
  }
  throw new DialError(`unsupported upstream ${url.protocol}`, 0x01);
}

/** The TCP connection to an upstream proxy, before any word of its protocol. */
function reachUpstream(host: string, port: number, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`no answer from the upstream in ${timeoutMs} ms`)));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      resolve(socket);
    });
  });
}

async function dialDirect(host: string, port: number, timeoutMs: number, policy: TargetPolicy): Promise<net.Socket> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let addresses;
  try {
    // The timeout covers the name lookup too, as it did when net.connect looked names up itself.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DialError(`no address for ${host} in ${timeoutMs} ms`, 0x04)), timeoutMs);
    });
    addresses = await Promise.race([resolveTarget(policy, host, port), late]);
  } catch (error) {
    if (!(error instanceof TargetRefusedError)) throw error;
    throw new DialError(error.message, error.reason === 'not-allowed' ? REPLY_NOT_ALLOWED : 0x04);
  } finally {
    clearTimeout(timer);
  }
  const left = Math.max(1, timeoutMs - (Date.now() - started));
  return new Promise((resolve, reject) => {
    // Read into a buffer of its own: see relay.ts. Only the addresses the policy allowed are used.
    const socket = connectForRelay({ host, port, lookup: fixedLookup(addresses) });
    const fail = (error: Error) => {
      socket.destroy();
      const code = (error as NodeJS.ErrnoException).code;
      const reply = code === 'ECONNREFUSED' ? 0x05 : code === 'ENOTFOUND' || code === 'EHOSTUNREACH' ? 0x04 : 0x01;
      reject(new DialError(error.message, reply));
    };
    socket.setTimeout(left, () => fail(new Error(`no answer from ${host}:${port} in ${timeoutMs} ms`)));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      resolve(socket);
    });
  });
}

function dialHttpConnect(options: {
  proxyHost: string;
  proxyPort: number;
  user: string;
  pass: string;
  host: string;
  port: number;
  timeoutMs: number;
  holding: DialOptions['holding'];
}): Promise<net.Socket> {
  const { proxyHost, proxyPort, user, pass, host, port, timeoutMs } = options;
  let release = () => undefined as void;
  const dialled = new Promise<net.Socket>((resolve, reject) => {
    const target = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    const request = http.request({
      host: proxyHost,
      port: proxyPort,
      method: 'CONNECT',
      path: target,
      agent: false,
      timeout: timeoutMs,
      headers: {
        host: target,
        ...(user ? { 'proxy-authorization': `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` } : {}),
      },
    });
    request.once('socket', (socket) =>
      socket.once('connect', () => {
        release = options.holding?.() ?? release;
      }),
    );
    request.once('connect', (response, socket, head) => {
      if (response.statusCode === 200) {
        // Bytes that came with the 200 (a server that speaks first) belong to the tunnel.
        if (head.length > 0) socket.unshift(head);
        resolve(socket);
        return;
      }
      socket.destroy();
      reject(new DialError(`upstream HTTP proxy answered ${response.statusCode}`, 0x05));
    });
    request.once('timeout', () => request.destroy(new Error(`upstream HTTP proxy did not answer in ${timeoutMs} ms`)));
    request.once('error', (error) => reject(new DialError(`upstream HTTP proxy: ${error.message}`, 0x01)));
    request.end();
  });
  return dialled.finally(() => release());
}
