import net from 'node:net';

/** A real TCP listener standing in for an upstream proxy; `stop()` makes it unreachable. */
export async function tcpUpstream(port = 0): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return {
    port: address.port,
    url: `socks5://user:pass@127.0.0.1:${address.port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens: connecting to it is refused at once. */
export async function closedPort(): Promise<number> {
  const upstream = await tcpUpstream();
  await upstream.stop();
  return upstream.port;
}
