/**
 * How the gateway benchmark reaches its origin: directly, through SOCKS5, SOCKS4, HTTP CONNECT and
 * HTTP CONNECT inside TLS (each a connected socket to the origin), and UDP datagrams through a
 * SOCKS5 UDP association.
 */
import dgram from 'node:dgram';
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { SocksClient } from 'socks';
import type { SocksClientEstablishedEvent } from 'socks/typings/common/constants';

export const USER = 'benchuser';
export const PASS = 'benchpass';

export type Connector = (port: number) => Promise<net.Socket>;

export const direct: Connector = (port) =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

/** SOCKS5 with a password, or none (dante's reference is set up without); SOCKS4 carries `user:pass` in its user id. */
export const viaSocks =
  (proxyPort: number, version: 4 | 5, auth: boolean): Connector =>
  async (port) =>
    (
      await SocksClient.createConnection({
        proxy: {
          host: '127.0.0.1',
          port: proxyPort,
          type: version,
          ...(auth ? (version === 5 ? { userId: USER, password: PASS } : { userId: `${USER}:${PASS}` }) : {}),
        },
        command: 'connect',
        destination: { host: '127.0.0.1', port },
      })
    ).socket;

/** HTTP CONNECT, on a plain socket or (with `ca`) inside TLS to the proxy, as `curl --proxy https://` does. */
export const viaHttpConnect =
  (proxyPort: number, ca?: string): Connector =>
  (port) =>
    new Promise((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port: proxyPort,
        method: 'CONNECT',
        path: `127.0.0.1:${port}`,
        headers: { 'proxy-authorization': `Basic ${Buffer.from(`${USER}:${PASS}`).toString('base64')}` },
        // createConnection is used only without an agent; `agent: false` would make one of its own.
        ...(ca
          ? { createConnection: () => tls.connect({ host: '127.0.0.1', port: proxyPort, ca, servername: 'localhost' }) }
          : { agent: false }),
      });
      request.once('connect', (response, socket, head) => {
        // The source speaks first: its first bytes may arrive with the 200, in `head`.
        if (head.length > 0) socket.unshift(head);
        if (response.statusCode === 200) resolve(socket);
        else reject(new Error(`CONNECT ${response.statusCode}`));
      });
      request.once('error', reject);
      request.end();
    });

/** Sends datagrams to the echo origin and takes its answers; `close` ends the association too. */
export interface DatagramPath {
  send(payload: Buffer): void;
  onReply(listener: (payload: Buffer) => void): void;
  close(): void;
}

export type DatagramConnector = (echoPort: number) => Promise<DatagramPath>;

export const directDatagrams: DatagramConnector = async (echoPort) => {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    send: (payload) => socket.send(payload, echoPort, '127.0.0.1'),
    onReply: (listener) => socket.on('message', listener),
    close: () => socket.close(),
  };
};

/** RFC 1928 UDP ASSOCIATE: a control connection, then each datagram framed with its target. */
export const viaSocksDatagrams =
  (proxyPort: number, auth: boolean): DatagramConnector =>
  async (echoPort) => {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    // createConnection takes CONNECT only; an association is an instance's 'established' event.
    const associating = new SocksClient({
      proxy: { host: '127.0.0.1', port: proxyPort, type: 5, ...(auth ? { userId: USER, password: PASS } : {}) },
      command: 'associate',
      // Where the client sends from: dante only relays for the address and port it was told.
      destination: { host: '127.0.0.1', port: socket.address().port },
    });
    const { socket: control, remoteHost } = await new Promise<SocksClientEstablishedEvent>((resolve, reject) => {
      associating.once('established', resolve);
      associating.once('error', reject);
      associating.connect();
    });
    const relay = remoteHost!;
    // A relay bound to every address answers on the proxy's own.
    const relayHost = relay.host === '0.0.0.0' ? '127.0.0.1' : relay.host;
    control.on('error', () => undefined);
    return {
      send: (payload) =>
        socket.send(
          SocksClient.createUDPFrame({ remoteHost: { host: '127.0.0.1', port: echoPort }, data: payload }),
          relay.port,
          relayHost,
        ),
      onReply: (listener) => socket.on('message', (frame) => listener(SocksClient.parseUDPFrame(frame).data)),
      close: () => {
        control.destroy();
        socket.close();
      },
    };
  };

/**
 * Round trips per second of `count` datagrams of `size` bytes with `window` in flight; a datagram
 * lost on the way (UDP promises nothing) is sent again after 200 ms and counted.
 */
export async function datagramRoundTrips(
  connect: DatagramConnector,
  echoPort: number,
  count: number,
  window: number,
  size = 512,
): Promise<{ perSecond: number; lost: number }> {
  const path = await connect(echoPort);
  const pending = new Map<number, number>();
  let next = 0;
  let done = 0;
  let lost = 0;
  const payloadOf = (id: number) => {
    const payload = Buffer.alloc(size, 7);
    payload.writeUInt32BE(id, 0);
    return payload;
  };
  const started = process.hrtime.bigint();
  await new Promise<void>((resolve) => {
    const sendNext = () => {
      if (next >= count) return;
      const id = next++;
      pending.set(id, Date.now());
      path.send(payloadOf(id));
    };
    const resend = setInterval(() => {
      const now = Date.now();
      for (const [id, at] of pending) {
        if (now - at < 200) continue;
        lost += 1;
        pending.set(id, now);
        path.send(payloadOf(id));
      }
    }, 100);
    path.onReply((payload) => {
      const id = payload.readUInt32BE(0);
      if (!pending.delete(id)) return;
      done += 1;
      if (done === count) {
        clearInterval(resend);
        resolve();
      } else sendNext();
    });
    for (let i = 0; i < window; i += 1) sendNext();
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  path.close();
  return { perSecond: count / seconds, lost };
}
