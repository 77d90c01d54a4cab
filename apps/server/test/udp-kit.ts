import dgram from 'node:dgram';
import type net from 'node:net';
import { parseUdpFrame, udpFrame } from '../src/gateway/udp-frame';
import { socksAssociate } from '../src/gateway/udp-path';

/** A SOCKS5 UDP client as a customer's program is one: a control connection and a UDP socket. */
export interface UdpClient {
  control: net.Socket;
  /** Where the gateway said to send datagrams. */
  relay: { host: string; port: number };
  /** Sends `text` to the target through the relay and answers what comes back, or null by `waitMs`. */
  exchange(target: { host: string; port: number }, text: string, waitMs?: number): Promise<string | null>;
  close(): void;
}

/**
 * Opens a UDP association on a SOCKS5 port from `from` (default 127.0.0.1), with a login or
 * (own ports) without one; rejects with the library's message when the gateway refuses.
 */
export async function udpClient(
  port: number,
  options: { from?: string; login?: { user: string; pass: string } } = {},
): Promise<UdpClient> {
  const from = options.from ?? '127.0.0.1';
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, from, resolve));
  let control: net.Socket;
  let relay: { host: string; port: number };
  try {
    const established = await socksAssociate({
      proxy: {
        host: '127.0.0.1',
        port,
        type: 5,
        ...(options.login ? { userId: options.login.user, password: options.login.pass } : {}),
      },
      // The address and port datagrams will come from, as RFC 1928 asks a client that knows them.
      destination: { host: from, port: socket.address().port },
      socket_options: { localAddress: from, port },
      timeout: 3000,
    });
    control = established.socket;
    relay = established.remoteHost ?? { host: '127.0.0.1', port: 0 };
  } catch (error) {
    socket.close();
    throw error;
  }
  control.on('error', () => undefined);
  const pending: ((text: string) => void)[] = [];
  socket.on('message', (datagram) => {
    const frame = parseUdpFrame(datagram);
    if (frame) pending.shift()?.(frame.data.toString());
  });
  return {
    control,
    relay,
    exchange: (target, text, waitMs = 1000) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.splice(pending.indexOf(answer), 1);
          resolve(null);
        }, waitMs);
        const answer = (reply: string) => {
          clearTimeout(timer);
          resolve(reply);
        };
        pending.push(answer);
        socket.send(udpFrame(target.host, target.port, Buffer.from(text)), relay.port, relay.host);
      }),
    close: () => {
      control.destroy();
      socket.close();
    },
  };
}

/** Whether the control connection is closed (by the gateway) within `ms`. */
export function closedWithin(control: net.Socket, ms: number): Promise<boolean> {
  if (control.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    control.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    control.resume();
  });
}
