import type net from 'node:net';

/** Starts `server` listening; rejects with the error when it cannot (a port in use, an address not here). */
export function listenOn(server: net.Server, port: number, host?: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
}
