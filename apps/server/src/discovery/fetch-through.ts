import type net from 'node:net';
import tls from 'node:tls';
import { dial } from '../gateway/dialer';
import { ALLOW_ALL_TARGETS } from '../gateway/target-policy';

/** Why a look through an upstream failed, in the operator's words. */
export const FAILURE = {
  connect: 'cannot connect',
  auth: 'authentication refused by the upstream',
  timeout: 'timeout',
  unreadable: 'echo unreadable',
} as const;

export class FetchThroughError extends Error {
  constructor(
    readonly kind: keyof typeof FAILURE,
    detail: string,
  ) {
    super(`${FAILURE[kind]}: ${detail}`);
    this.name = 'FetchThroughError';
  }
}

export interface FetchedThrough {
  status: number;
  body: string;
  /** From the start of the connection to the end of the answer. */
  latencyMs: number;
}

const MAX_BODY = 64 * 1024;

/**
 * GETs `url` through `upstream` with the gateway's own dialer, so it takes exactly the path a
 * customer's traffic takes; https is spoken over the tunnel. Failures are
 * sorted into the reasons the console shows.
 */
export async function fetchThrough(
  upstream: string,
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<FetchedThrough> {
  signal?.throwIfAborted();
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port || (secure ? 443 : 80));
  const started = performance.now();
  let socket: net.Socket;
  try {
    // The echo and check targets are the operator's choice, so the customers' policy does not apply.
    socket = await abortable(dial(upstream, host, port, ALLOW_ALL_TARGETS, { timeoutMs }), signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw classifyDialError(error);
  }
  const left = Math.max(1, timeoutMs - (performance.now() - started));
  const stream: net.Socket = secure ? tls.connect({ socket, servername: isIp(host) ? undefined : host }) : socket;
  const request = `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUser-Agent: ProxyPort-discovery\r\nAccept: text/plain, application/json\r\nConnection: close\r\n\r\n`;
  return new Promise<FetchedThrough>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      stream.destroy();
      socket.destroy();
      outcome();
    };
    const onAbort = () => finish(() => reject(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => finish(() => reject(new FetchThroughError('timeout', `no answer from ${target.host} in ${timeoutMs} ms`))),
      left,
    );
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        finish(() => reject(new FetchThroughError('unreadable', 'the answer is too long')));
        return;
      }
      chunks.push(chunk);
    });
    stream.once('error', (error) =>
      finish(() => reject(new FetchThroughError(chunks.length > 0 ? 'unreadable' : 'connect', error.message))),
    );
    stream.once('end', () =>
      finish(() => {
        const latencyMs = Math.round(performance.now() - started);
        try {
          resolve({ ...parseHttpResponse(Buffer.concat(chunks)), latencyMs });
        } catch (error) {
          reject(error);
        }
      }),
    );
    stream.write(request);
  });
}

/** Stops waiting when the server shuts down; a connection that still arrives is closed. */
function abortable(connecting: Promise<net.Socket>, signal: AbortSignal | undefined): Promise<net.Socket> {
  if (!signal) return connecting;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    connecting.then(
      (socket) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) socket.destroy();
        else resolve(socket);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function isIp(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

function parseHttpResponse(raw: Buffer): { status: number; body: string } {
  const text = raw.toString('latin1');
  const headerEnd = text.indexOf('\r\n\r\n');
  const statusLine = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!statusLine || headerEnd < 0) throw new FetchThroughError('unreadable', 'the answer is not HTTP');
  const head = text.slice(0, headerEnd).toLowerCase();
  let body = raw.subarray(Buffer.byteLength(text.slice(0, headerEnd + 4), 'latin1'));
  if (/\ntransfer-encoding:\s*chunked/.test(head)) body = dechunk(body);
  return { status: Number(statusLine[1]), body: body.toString('utf8') };
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** The dialer's messages name SOCKS5 and HTTP proxy failures; sort them into the console's reasons. */
function classifyDialError(error: unknown): FetchThroughError {
  const message = error instanceof Error ? error.message : String(error);
  // A SOCKS upstream's "rejected connection" is its answer to the request, after the login passed:
  // the target could not be reached from there, which is no fault of the credentials.
  if (/authentication|auth failed|answered 407/i.test(message)) return new FetchThroughError('auth', message);
  if (/timed? ?out|did not answer|no answer/i.test(message)) return new FetchThroughError('timeout', message);
  return new FetchThroughError('connect', message);
}

/** The exit IP from an echo answer: plain text, or JSON with an `ip` field. */
export function readEchoedIp(body: string): string | null {
  const trimmed = body.trim();
  let candidate = trimmed;
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      candidate =
        typeof value === 'object' && value !== null && typeof (value as { ip?: unknown }).ip === 'string'
          ? (value as { ip: string }).ip.trim()
          : '';
    } catch {
      return null;
    }
  }
  if (/^(\d{1,3})(\.\d{1,3}){3}$/.test(candidate) && candidate.split('.').every((part) => Number(part) <= 255)) {
    return candidate;
  }
  if (/^[0-9a-f:]+$/i.test(candidate) && candidate.includes(':') && candidate.length <= 39)
    return candidate.toLowerCase();
  return null;
}
