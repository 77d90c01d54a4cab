import type http from 'node:http';
import type net from 'node:net';
import type { CredentialStore } from './credential-store';
import { endRefused } from './refusal';
import { dial, DialError, portRefused, REPLY_NOT_ALLOWED } from './dialer';
import { tunnel } from './relay';
import { TOO_MANY_CONNECTIONS, TOO_MANY_FAILED_LOGINS, TOO_MANY_SOURCES, type LoginGate } from './login-gate';
import type { TargetPolicy } from './target-policy';

/** Realm of the 407 answers, the same for CONNECT and plain HTTP. */
export const AUTH_REALM = 'ProxyPort';
/**
 * The 407's words, the same for CONNECT and plain HTTP. The gateway cannot tell a wrong password
 * from a rental that ended or a proxy the operator disabled without telling a stranger which
 * user names exist, so it names every cause and points at the page that tells them apart.
 */
export const REFUSED =
  'Invalid proxy credentials, or the rental has ended or its proxy was disabled: your proxy history says which';
/**
 * 403 for an address the target policy refuses (the same words on both HTTP paths), saying which
 * addresses are refused: a customer who tried a LAN or loopback address learns it is the rule.
 */
export const TARGET_NOT_ALLOWED =
  "This address cannot be reached through this proxy: loopback, private, link-local, reserved and the gateway's own addresses are refused";

function answer(socket: net.Socket, status: string, body: string, extra = ''): void {
  endRefused(
    socket,
    `HTTP/1.1 ${status}\r\n${extra}Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** `user:pass` of a `Proxy-Authorization: Basic` header (the password may hold colons). */
function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** `host:port` or `[v6]:port` of a CONNECT request line. */
function connectTarget(url: string | undefined): { host: string; port: number } | null {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(url ?? '');
  const port = Number(match?.[3]);
  const host = match?.[1] ?? match?.[2];
  if (!host || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host, port };
}

/**
 * HTTP CONNECT tunnels, handled here rather than by proxy-chain (which keeps plain HTTP): the
 * tunnel then takes the SOCKS5 front's path, dialer and relay, whose read buffers are reused
 * instead of allocated per read (docs/benchmarks.md). Same rules as the SOCKS5 front:
 * the rental's credentials, no SMTP ports, cut by the credential store, payload bytes counted.
 */
export function createConnectHandler(store: CredentialStore, policy: TargetPolicy, gate: LoginGate) {
  // Async: the first connection from a new client address waits for the database (login-gate.ts).
  return async (request: http.IncomingMessage, socket: net.Socket, head: Buffer): Promise<void> => {
    socket.on('error', () => socket.destroy());
    // What the client sends while the target is dialled is payload too: count from here.
    const readAtEntry = socket.bytesRead;
    const target = connectTarget(request.url);
    if (!target) return answer(socket, '400 Bad Request', 'CONNECT needs host:port');
    const credentials = basicCredentials(request.headers['proxy-authorization']);
    // Without credentials: allowed only from a listed address on the rental's own port.
    const login = await (credentials
      ? gate.login(socket, credentials.username, credentials.password)
      : gate.bySource(socket));
    if (login && !login.ok && login.reason === 'throttled') {
      return answer(socket, '429 Too Many Requests', TOO_MANY_FAILED_LOGINS);
    }
    if (login && !login.ok && login.reason === 'limit') {
      return answer(socket, '429 Too Many Requests', TOO_MANY_CONNECTIONS);
    }
    if (login && !login.ok && login.reason === 'sources') {
      return answer(socket, '403 Forbidden', TOO_MANY_SOURCES);
    }
    const access = login?.ok ? login.access : null;
    if (!access) {
      return answer(
        socket,
        '407 Proxy Authentication Required',
        REFUSED,
        `Proxy-Authenticate: Basic realm="${AUTH_REALM}"\r\n`,
      );
    }
    if (portRefused(target.port)) {
      return answer(socket, '403 Forbidden', `Port ${target.port} is blocked (no SMTP)`);
    }

    void dial(access.upstream, target.host, target.port, policy, {
      holding: () => store.holding(access.rentalId),
    }).then(
      (upstream) => {
        if (socket.destroyed) return void upstream.destroy();
        // Cut while it dialled (a new password, a refund, a move): no tunnel on the old access.
        if (!store.stillServes(access)) {
          upstream.destroy();
          return answer(socket, '403 Forbidden', REFUSED);
        }
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        // Payload only: the CONNECT request and this answer are not the customer's traffic.
        const writtenBefore = socket.bytesWritten;
        const untrack = store.track(access, () => {
          socket.destroy();
          upstream.destroy();
        });
        const finish = store.meter(access.rentalId, () => ({
          up: head.length + socket.bytesRead - readAtEntry,
          down: socket.bytesWritten - writtenBefore,
        }));
        tunnel(socket, upstream, head, () => {
          untrack();
          finish();
        });
      },
      // The dialer's words may name the operator's upstream: the customer gets a plain sentence.
      (error: unknown) =>
        error instanceof DialError && error.socksReply === REPLY_NOT_ALLOWED
          ? answer(socket, '403 Forbidden', TARGET_NOT_ALLOWED)
          : answer(socket, '502 Bad Gateway', 'The target could not be reached through this proxy'),
    );
  };
}
