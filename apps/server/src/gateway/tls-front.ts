import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Duplex } from 'node:stream';
import tls from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../config';
import type { ConnectionGuard } from './connection-guard';
import { acceptProxyProtocol, headerReadWith, type ProxyProtocolOptions } from './proxy-protocol';
import { listenOn } from '../lib/listen-on';

/** GATEWAY_TLS_PORT with the PEM files of its certificate (chain first) and key. */
export interface TlsFiles {
  port: number;
  certFile: string;
  keyFile: string;
}

export interface TlsFrontOptions extends TlsFiles {
  host: string;
  /** What loadTlsContext read at start, before anything listened. */
  context: tls.SecureContext;
  log: FastifyBaseLogger;
  guard: ConnectionGuard;
  proxyProtocol?: ProxyProtocolOptions;
  /** Where a connection goes once it is wrapped in TLS: the HTTP front. */
  deliver(socket: tls.TLSSocket): void;
  /** How long after a file changes it is read again (a renewal writes the key and the chain one after the other). */
  settleMs?: number;
}

export interface TlsFront {
  port: number;
  /** Its TCP connections, for a stop. */
  sockets: Set<net.Socket>;
  /** Reads the files again; a bad pair is logged and the certificate in use stays. */
  reload(): Promise<boolean>;
  close(): Promise<void>;
}

/** The first byte of a TLS handshake record; anything else is not TLS. */
const TLS_HANDSHAKE = 0x16;

export const PLAIN_HTTP_REFUSED =
  'This port takes HTTPS only: give the proxy as https://user:pass@host:port (curl --proxy https://...).';

/** The certificate and key as TLS uses them; a ConfigError naming the variable when they are not usable. */
export async function loadTlsContext({ certFile, keyFile }: TlsFiles): Promise<tls.SecureContext> {
  const read = (name: string, file: string) =>
    fs.promises.readFile(file).catch((error: NodeJS.ErrnoException) => {
      throw new ConfigError([`${name} ${file} cannot be read (${error.code ?? error.message})`]);
    });
  const [cert, key] = await Promise.all([read('GATEWAY_TLS_CERT', certFile), read('GATEWAY_TLS_KEY', keyFile)]);
  try {
    return tls.createSecureContext({ cert, key });
  } catch (error) {
    throw new ConfigError([
      `GATEWAY_TLS_CERT and GATEWAY_TLS_KEY must be a PEM certificate and its private key (${(error as Error).message})`,
    ]);
  }
}

/**
 * The HTTP proxy protocol inside TLS (`curl --proxy https://user:pass@host:port`), so an
 * HTTP-proxy password never crosses the network in clear. A connection is told apart by its first
 * byte: a TLS handshake is wrapped and handed to the HTTP front, anything else (plain HTTP sent
 * here by mistake) gets a 400 that says what to use. The certificate is read again when its
 * files change and by `reload()` (SIGHUP), so a renewal needs no restart.
 */
export async function startTlsFront(options: TlsFrontOptions): Promise<TlsFront> {
  const { log, guard } = options;
  let context = options.context;

  const server = net.createServer({ noDelay: true }, (raw) => {
    // Refused by the connection guard, which runs first.
    if (raw.destroyed) return;
    raw.on('error', () => raw.destroy());
    raw.once('data', (first: Buffer) => {
      if (first[0] !== TLS_HANDSHAKE) {
        raw.end(
          `HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(PLAIN_HTTP_REFUSED)}\r\nConnection: close\r\n\r\n${PLAIN_HTTP_REFUSED}`,
        );
        return;
      }
      // The TCP socket's end is the TLS socket's to handle: a tunnel inside keeps answering a client
      // that has shut its side (relay.ts); otherwise the TLS socket ends itself, and then the TCP one.
      raw.allowHalfOpen = true;
      const secure = new tls.TLSSocket(streamOf(raw, first), { isServer: true, secureContext: context });
      // The TLS socket is the connection the fronts see: the client's address (a PROXY header's
      // if a balancer sent one), one guard entry, one life with the TCP socket under it.
      for (const name of ['remoteAddress', 'remotePort', 'remoteFamily'] as const) {
        Object.defineProperty(secure, name, { value: raw[name], configurable: true });
      }
      guard.alias(secure, raw);
      headerReadWith(secure, raw);
      secure.on('error', () => secure.destroy());
      secure.once('close', () => raw.destroy());
      raw.once('close', () => secure.destroy());
      options.deliver(secure);
    });
  });
  if (options.proxyProtocol) acceptProxyProtocol(server, options.proxyProtocol);
  server.prependListener('connection', (socket: net.Socket) => void guard.admit(socket));
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('error', (error) => log.error({ err: error.message }, 'gateway: HTTPS front failed'));
  await listenOn(server, options.port, options.host);

  const reload = async (): Promise<boolean> => {
    try {
      context = await loadTlsContext(options);
      log.info({ cert: options.certFile }, 'gateway: HTTPS certificate loaded');
      return true;
    } catch (error) {
      log.error(
        { err: error instanceof ConfigError ? error.problems.join('; ') : String(error) },
        'gateway: the HTTPS certificate could not be loaded again; the one in use stays',
      );
      return false;
    }
  };

  // Directories, not files: a renewal (certbot's links, an editor, `mv`) replaces the file.
  let timer: NodeJS.Timeout | undefined;
  const names = new Set([path.basename(options.certFile), path.basename(options.keyFile)]);
  const watchers = [...new Set([path.dirname(options.certFile), path.dirname(options.keyFile)])].map((dir) => {
    const watcher = fs.watch(dir, (_event, name) => {
      if (name !== null && !names.has(name)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), options.settleMs ?? 200);
    });
    watcher.on('error', (error) => log.warn({ dir, err: error.message }, 'gateway: watching the certificate failed'));
    return watcher;
  });

  return {
    sockets,
    port: (server.address() as net.AddressInfo).port,
    reload,
    close: async () => {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The TCP connection as a stream whose reading starts with `first` again. The first chunk was
 * read to tell TLS from plain HTTP, and a TLS socket made over the TCP socket itself would take
 * its handle and never see that chunk.
 */
function streamOf(raw: net.Socket, first: Buffer): Duplex {
  const stream = new Duplex({
    read: () => void raw.resume(),
    write: (chunk: Buffer, _encoding, callback) => void raw.write(chunk, callback),
    final: (callback) => void raw.end(() => callback()),
    destroy: (error, callback) => {
      raw.destroy();
      callback(error);
    },
  });
  stream.push(first);
  raw.on('data', (chunk: Buffer) => {
    if (!stream.push(chunk)) raw.pause();
  });
  raw.once('end', () => stream.push(null));
  raw.once('close', () => stream.destroy());
  return stream;
}
