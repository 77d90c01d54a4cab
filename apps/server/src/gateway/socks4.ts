import type net from 'node:net';
import { tunnel } from './relay';
import { endRefused } from './refusal';
import type { Socks5Options, Socks5Session } from './socks5-server';

/** The first byte of a SOCKS4 or SOCKS4a request (SOCKS5's is 5). */
export const SOCKS4_VERSION = 0x04;
/** Reply codes (the reply's first byte is 0, not 4). */
export const SOCKS4_GRANTED = 90;
export const SOCKS4_REJECTED = 91;
const CMD_CONNECT = 0x01;
/** Port, address, a user id of `username:password` and a SOCKS4a host name fit well inside this. */
const MAX_REQUEST = 1024;

type Request = { command: number; host: string; port: number; userId: string; length: number };

/** The request at the start of `buffer`, 'incomplete' while its terminating zero bytes are still to come. */
export function parseSocks4Request(buffer: Buffer): Request | 'incomplete' {
  if (buffer.length < 9) return 'incomplete';
  const userEnd = buffer.indexOf(0, 8);
  if (userEnd < 0) return 'incomplete';
  const port = buffer.readUInt16BE(2);
  const userId = buffer.subarray(8, userEnd).toString('utf8');
  const [a, b, c, d] = buffer.subarray(4, 8);
  // SOCKS4a: 0.0.0.x (x not 0) says the host name follows the user id.
  if (a === 0 && b === 0 && c === 0 && d !== 0) {
    const hostEnd = buffer.indexOf(0, userEnd + 1);
    if (hostEnd < 0) return 'incomplete';
    const host = buffer.subarray(userEnd + 1, hostEnd).toString('utf8');
    return { command: buffer[1] ?? 0, host, port, userId, length: hostEnd + 1 };
  }
  return { command: buffer[1] ?? 0, host: `${a}.${b}.${c}.${d}`, port, userId, length: userEnd + 1 };
}

/**
 * SOCKS4 and SOCKS4a CONNECT, handed over by the SOCKS5 server when a client's first byte is 4.
 * SOCKS4 has no password: a listed address on a rental's own port goes without one, as with
 * SOCKS5; otherwise the user id carries `username:password`. Every failure (wrong password,
 * refused target, over a limit) is the one reply SOCKS4 has for it, 91. The session is the SOCKS5
 * front's, so rental time, blocked ports, private targets, caps and metering are the same.
 */
export function serveSocks4(client: net.Socket, head: Buffer, options: Socks5Options): void {
  let buffer = head;
  const timer = setTimeout(() => client.destroy(), options.handshakeTimeoutMs ?? 10_000);
  const reply = (code: number) => Buffer.from([0x00, code, 0, 0, 0, 0, 0, 0]);
  const reject = () => {
    clearTimeout(timer);
    endRefused(client, reply(SOCKS4_REJECTED));
  };

  const onData = (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    advance();
  };
  const advance = () => {
    if (buffer[0] !== SOCKS4_VERSION) return void client.destroy();
    const request = parseSocks4Request(buffer);
    if (request === 'incomplete') {
      if (buffer.length > MAX_REQUEST) client.destroy();
      return;
    }
    // The request is complete: a dial that times out still gets its reply 91 (see socks5-server.ts).
    clearTimeout(timer);
    client.removeListener('data', onData);
    client.pause();
    // BIND serves protocols such as active FTP, which a rented exit has no use for.
    if (request.command !== CMD_CONNECT || request.host === '' || request.port === 0) return reject();
    void sessionFor(client, request.userId, options).then(
      (session) => (session ? connect(session, request, buffer.subarray(request.length)) : reject()),
      () => reject(),
    );
  };

  const connect = async (session: Socks5Session, request: Request, rest: Buffer) => {
    let target: net.Socket;
    try {
      target = await session.dial(request.host, request.port);
    } catch {
      return reject();
    }
    clearTimeout(timer);
    if (client.destroyed) return void target.destroy();
    client.write(reply(SOCKS4_GRANTED));
    const closed = session.opened?.(client, target);
    tunnel(client, target, rest, () => closed?.());
    client.resume();
  };

  client.on('data', onData);
  advance();
}

/**
 * A listed source on an own port first (its user id is whatever the client sends, often its
 * local user name); else `username:password`. A user id without a colon is no login attempt
 * and does not count as a failed one, as a SOCKS5 client without credentials does not.
 */
async function sessionFor(client: net.Socket, userId: string, options: Socks5Options): Promise<Socks5Session | null> {
  // Settling a new client address may ask the database (the many-addresses rule).
  const bySource = (await options.authenticateSource?.(client)) ?? null;
  if (bySource) return bySource;
  const colon = userId.indexOf(':');
  if (colon < 0) return null;
  return options.authenticate(userId.slice(0, colon), userId.slice(colon + 1), client);
}
