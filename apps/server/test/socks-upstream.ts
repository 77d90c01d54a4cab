import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import { dial } from '../src/gateway/dialer';
import { createSocks5Server } from '../src/gateway/socks5-server';
import { ALLOW_ALL_TARGETS } from '../src/gateway/target-policy';

/**
 * A real SOCKS5 upstream proxy (our own server, user `user`, password `pass`) that reaches
 * targets directly; `stop()` makes it unreachable. `port` reopens one on a known port.
 */
export async function socksUpstream(port = 0): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = createSocks5Server({
    authenticate: (username, password) =>
      username === 'user' && password === 'pass'
        ? { dial: (host, targetPort) => dial('direct', host, targetPort, ALLOW_ALL_TARGETS) }
        : null,
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `socks5://user:pass@127.0.0.1:${actual}`,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens: connecting to it is refused at once. */
export async function closedPort(): Promise<number> {
  const upstream = await socksUpstream();
  await upstream.stop();
  return upstream.port;
}
