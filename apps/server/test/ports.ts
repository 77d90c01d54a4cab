import net from 'node:net';

/** A TCP port free on loopback right now (for servers started by tests and benchmarks). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Whether a server accepts connections on loopback `port`, asked every 100 ms for up to 5 s;
 * false at once when `exited` says the server's process has gone.
 */
export async function portOpens(port: number, exited: () => boolean = () => false): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
    if (up) return true;
    if (exited()) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Starts `server` on loopback (`port` 0: a free one) and keeps its open sockets: `stop` cuts
 * them and closes it, where a plain close would wait for every client to leave.
 */
export async function serveOnLoopback(
  server: net.Server,
  port = 0,
): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
