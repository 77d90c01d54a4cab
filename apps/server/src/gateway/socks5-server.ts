import net from 'node:net';
import { DialError } from './dialer';
import { endRefused } from './refusal';
import { tunnel } from './relay';
import { serveSocks4, SOCKS4_VERSION } from './socks4';
import { socksAddress } from './udp-frame';

/** What an authenticated client may do; the gateway hands one out per accepted login. */
export interface Socks5Session {
  dial(host: string, port: number): Promise<net.Socket>;
  /** Called once both sockets are piped; answers a function to call when they close. */
  opened?(client: net.Socket, target: net.Socket): () => void;
  /**
   * UDP ASSOCIATE: opens a relay for the control connection `client` (which it then owns) and
   * answers the address datagrams go to. Without it the command is not supported.
   */
  associate?(client: net.Socket, requested: { host: string; port: number }): Promise<{ host: string; port: number }>;
}

export interface Socks5Options {
  /**
   * The client is passed so the gateway can throttle by its address and account for it. A promise
   * when the answer needs the database (a client address not seen before); the handshake waits.
   */
  authenticate(
    username: string,
    password: string,
    client: net.Socket,
  ): Socks5Session | null | Promise<Socks5Session | null>;
  /**
   * For a client that offers the no-authentication method: a session if its address may go
   * without a password (IP authorization on a rental's own port), else null (it must log in).
   */
  authenticateSource?(client: net.Socket): Socks5Session | null | Promise<Socks5Session | null>;
  handshakeTimeoutMs?: number;
}

const VERSION = 0x05;
const AUTH_NONE = 0x00;
const AUTH_USERPASS = 0x02;
const NO_ACCEPTABLE = 0xff;
const CMD_CONNECT = 0x01;
const CMD_ASSOCIATE = 0x03;
const REPLY = { ok: 0x00, general: 0x01, commandNotSupported: 0x07, addressNotSupported: 0x08 } as const;

/**
 * A small SOCKS5 server (RFC 1928 CONNECT for IPv4, IPv6 and domain names, and UDP ASSOCIATE where
 * the session offers it; RFC 1929 username/password, or no authentication where
 * `authenticateSource` allows the client) with a handshake timeout. The handshake is read from a
 * growing buffer, so a client that sends one byte at a time works. No maintained library fits.
 */
export function createSocks5Server(options: Socks5Options): net.Server {
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
  return net.createServer({ noDelay: true }, (client) => {
    // Refused by the connection guard, which runs first.
    if (client.destroyed) return;
    let buffer = Buffer.alloc(0);
    let stage: 'greeting' | 'auth' | 'request' | 'dialing' | 'waiting' = 'greeting';
    let session: Socks5Session | null = null;
    client.on('error', () => client.destroy());
    const timer = setTimeout(() => client.destroy(), handshakeTimeoutMs);

    const reply = (code: number) => {
      // BND.ADDR/BND.PORT are not meaningful to clients of a proxy gateway: all zeros.
      client.write(Buffer.from([VERSION, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
    };
    const refuse = (bytes: number[]) => {
      clearTimeout(timer);
      endRefused(client, Buffer.from(bytes));
    };

    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (buffer.length > 1024) {
        client.destroy();
        return;
      }
      advance();
    };

    // What arrives while an answer is awaited stays in the buffer; `then` resumes the handshake.
    const settle = (
      answer: Socks5Session | null | Promise<Socks5Session | null>,
      then: (found: Socks5Session | null) => void,
    ) => {
      if (!(answer instanceof Promise)) return then(answer);
      stage = 'waiting';
      void answer.then(
        (found) => !client.destroyed && then(found),
        () => client.destroy(),
      );
    };

    const advance = () => {
      // SOCKS4 and SOCKS4a share the port: their first byte is 4.
      if (stage === 'greeting' && buffer[0] === SOCKS4_VERSION) {
        clearTimeout(timer);
        client.removeListener('data', onData);
        return serveSocks4(client, buffer, options);
      }
      if (stage === 'greeting') {
        if (buffer.length < 2) return;
        const count = buffer[1] ?? 0;
        if (buffer[0] !== VERSION) return client.destroy();
        if (buffer.length < 2 + count) return;
        const methods = buffer.subarray(2, 2 + count);
        buffer = buffer.subarray(2 + count);
        const bySource = methods.includes(AUTH_NONE) ? (options.authenticateSource?.(client) ?? null) : null;
        return settle(bySource, (found) => {
          session = found;
          if (session) {
            client.write(Buffer.from([VERSION, AUTH_NONE]));
            stage = 'request';
          } else {
            if (!methods.includes(AUTH_USERPASS)) return refuse([VERSION, NO_ACCEPTABLE]);
            client.write(Buffer.from([VERSION, AUTH_USERPASS]));
            stage = 'auth';
          }
          advance();
        });
      }
      if (stage === 'auth') {
        if (buffer.length < 2) return;
        const userLength = buffer[1] ?? 0;
        if (buffer.length < 3 + userLength) return;
        const passLength = buffer[2 + userLength] ?? 0;
        if (buffer.length < 3 + userLength + passLength) return;
        if (buffer[0] !== 0x01) return client.destroy();
        const username = buffer.subarray(2, 2 + userLength).toString('utf8');
        const password = buffer.subarray(3 + userLength, 3 + userLength + passLength).toString('utf8');
        buffer = buffer.subarray(3 + userLength + passLength);
        return settle(options.authenticate(username, password, client), (found) => {
          session = found;
          if (!session) return refuse([0x01, 0x01]);
          client.write(Buffer.from([0x01, 0x00]));
          stage = 'request';
          advance();
        });
      }
      if (stage === 'request') {
        const target = parseRequest(buffer);
        if (target === 'incomplete') return;
        if (target === 'bad-command') {
          reply(REPLY.commandNotSupported);
          return refuse([]);
        }
        if (target === 'bad-address') {
          reply(REPLY.addressNotSupported);
          return refuse([]);
        }
        // The handshake is over: the dial has its own timeout, and its reply (a failure's too) must
        // reach the client rather than be cut off by the handshake's timer.
        clearTimeout(timer);
        stage = 'dialing';
        client.removeListener('data', onData);
        client.pause();
        if (target.command === CMD_ASSOCIATE) void associate(target.host, target.port);
        else void connect(target.host, target.port, buffer.subarray(target.length));
      }
    };

    const connect = async (host: string, port: number, rest: Buffer) => {
      if (!session) return;
      let target: net.Socket;
      try {
        target = await session.dial(host, port);
      } catch (error) {
        reply(error instanceof DialError ? error.socksReply : REPLY.general);
        return refuse([]);
      }
      clearTimeout(timer);
      if (client.destroyed) {
        target.destroy();
        return;
      }
      reply(REPLY.ok);
      const closed = session.opened?.(client, target);
      tunnel(client, target, rest, () => closed?.());
      client.resume();
    };

    const associate = async (host: string, port: number) => {
      if (!session?.associate) {
        reply(REPLY.commandNotSupported);
        return refuse([]);
      }
      let relay: { host: string; port: number };
      try {
        relay = await session.associate(client, { host, port });
      } catch (error) {
        reply(error instanceof DialError ? error.socksReply : REPLY.general);
        return refuse([]);
      }
      clearTimeout(timer);
      client.write(Buffer.concat([Buffer.from([VERSION, REPLY.ok, 0x00]), socksAddress(relay.host, relay.port)]));
    };

    client.on('data', onData);
  });
}

type Parsed =
  { command: number; host: string; port: number; length: number } | 'incomplete' | 'bad-command' | 'bad-address';

function parseRequest(buffer: Buffer): Parsed {
  if (buffer.length < 5) return 'incomplete';
  if (buffer[0] !== VERSION) return 'bad-command';
  const command = buffer[1] ?? 0;
  if (command !== CMD_CONNECT && command !== CMD_ASSOCIATE) return 'bad-command';
  const type = buffer[3];
  let host: string;
  let offset: number;
  if (type === 0x01) {
    if (buffer.length < 10) return 'incomplete';
    host = [...buffer.subarray(4, 8)].join('.');
    offset = 8;
  } else if (type === 0x03) {
    const length = buffer[4] ?? 0;
    if (buffer.length < 5 + length + 2) return 'incomplete';
    host = buffer.subarray(5, 5 + length).toString('utf8');
    offset = 5 + length;
  } else if (type === 0x04) {
    if (buffer.length < 22) return 'incomplete';
    const words: string[] = [];
    for (let i = 0; i < 8; i += 1) words.push(buffer.readUInt16BE(4 + i * 2).toString(16));
    host = words.join(':');
    offset = 20;
  } else {
    return 'bad-address';
  }
  return { command, host, port: buffer.readUInt16BE(offset), length: offset + 2 };
}
