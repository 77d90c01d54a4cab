import http, { type ClientRequestArgs } from 'node:http';
import type net from 'node:net';
import type { Duplex } from 'node:stream';
import type { CredentialStore } from './credential-store';
import { dial } from './dialer';
import type { TargetPolicy } from './target-policy';

/**
 * The agent one plain HTTP request is forwarded with (proxy-chain takes it as `httpAgent`): its
 * upstream connections are this request's alone, so they are metered to the request's own rental
 * (a kept-alive client socket may carry several rentals' requests) and the next request of the
 * same client socket can wait until they have closed. Through a SOCKS5 upstream it dials with the
 * gateway's own dialer, as tunnels do.
 */
export class RequestAgent extends http.Agent {
  private pending = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly store: CredentialStore,
    private readonly rentalId: number,
    private readonly upstream: string,
    private readonly policy: TargetPolicy,
  ) {
    super({ keepAlive: false });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    this.pending += 1;
    if (!this.upstream.startsWith('socks5:')) {
      const socket = super.createConnection(options) as net.Socket;
      this.opened(socket);
      return socket;
    }
    const host = String(options.hostname ?? options.host ?? '').replace(/^\[|\]$/g, '');
    dial(this.upstream, host, Number(options.port), this.policy, {
      holding: () => this.store.holding(this.rentalId),
    }).then(
      (socket) => {
        this.opened(socket);
        callback?.(null, socket);
      },
      (error: unknown) => {
        this.settle();
        // Node's agent takes the error alone; the stream argument is then unused.
        callback?.(error instanceof Error ? error : new Error(String(error)), undefined as unknown as Duplex);
      },
    );
    return undefined;
  }

  /** Resolves once every connection this agent opened has closed. */
  closed(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  private opened(socket: net.Socket): void {
    // What a SOCKS5 handshake took before this point is not the customer's traffic.
    const readBefore = socket.bytesRead;
    const writtenBefore = socket.bytesWritten;
    const finish = this.store.meter(this.rentalId, () => ({
      up: socket.bytesWritten - writtenBefore,
      down: socket.bytesRead - readBefore,
    }));
    socket.once('close', () => {
      finish();
      this.settle();
    });
  }

  private settle(): void {
    this.pending -= 1;
    if (this.pending === 0) for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/**
 * A request's raw headers without its hop-by-hop ones that proxy-chain forwards: those the
 * Connection header names (RFC 9110 section 7.6.1: a proxy MUST remove them) and the
 * non-standard Proxy-Connection, which old clients send to the proxy and never meant for the target.
 * (proxy-chain drops the fixed list itself: Connection, Keep-Alive, Proxy-Authorization, TE, ...)
 */
export function withoutConnectionOptions(rawHeaders: string[]): string[] {
  const named = new Set(['proxy-connection']);
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() !== 'connection') continue;
    for (const token of (rawHeaders[i + 1] ?? '').split(',')) named.add(token.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!named.has(rawHeaders[i]?.toLowerCase() ?? '')) kept.push(rawHeaders[i] ?? '', rawHeaders[i + 1] ?? '');
  }
  return kept;
}

/** Requests one client socket may have waiting; a client past it is disconnected. */
export const MAX_WAITING_REQUESTS = 100;

/** What the request handler learns of one request: the agent it was forwarded with, if any. */
export interface RequestTurn {
  agent: RequestAgent | null;
}

function responseEnded(response: http.ServerResponse): Promise<void> {
  if (response.writableFinished || response.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    response.once('finish', resolve);
    response.once('close', resolve);
  });
}

/**
 * Serves the requests of one client socket one at a time: Node hands pipelined requests to the
 * 'request' listeners as soon as they are parsed, and proxy-chain would open an upstream
 * connection for each at once, past the rental's connection cap, which counts client sockets. The
 * next request starts once the previous one's answer has ended and its upstream connections have
 * closed. Answers where a request's turn is found (to record its agent).
 */
export function oneRequestAtATime(server: http.Server): (request: http.IncomingMessage) => RequestTurn | undefined {
  const handlers = server.listeners('request') as ((
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  const turns = new WeakMap<http.IncomingMessage, RequestTurn>();
  const latest = new WeakMap<net.Socket, { done: Promise<void>; waiting: number }>();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const turn: RequestTurn = { agent: null };
    turns.set(request, turn);
    const socket = request.socket;
    const queue = latest.get(socket) ?? { done: Promise.resolve(), waiting: 0 };
    // Parsed requests wait in memory: a flood of pipelined ones must not grow without bound.
    if (queue.waiting >= MAX_WAITING_REQUESTS) return void socket.destroy();
    queue.waiting += 1;
    queue.done = queue.done
      .then(async () => {
        // The client went away while this request waited: nothing is forwarded.
        if (socket.destroyed || response.destroyed) return;
        // proxy-chain forwards the raw headers as they are, less its own fixed list.
        request.rawHeaders = withoutConnectionOptions(request.rawHeaders);
        for (const handler of handlers) handler.call(server, request, response);
        await responseEnded(response);
        await turn.agent?.closed();
      })
      .catch(() => undefined)
      .finally(() => (queue.waiting -= 1));
    latest.set(socket, queue);
  });
  return (request) => turns.get(request);
}
