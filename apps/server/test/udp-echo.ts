import dgram from 'node:dgram';

/**
 * A UDP echo on loopback: every datagram goes back to its sender as it came, so a DNS query sent
 * to it comes back with its own ID (what discovery's UDP check looks for). `received` counts
 * what reached it.
 */
export async function udpEcho(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  let received = 0;
  socket.on('message', (datagram, from) => {
    received += 1;
    socket.send(datagram, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    received: () => received,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
