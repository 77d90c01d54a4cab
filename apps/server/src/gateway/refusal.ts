import type net from 'node:net';

/** How long a refused client has to close its side before the gateway closes the connection. */
export const REFUSED_CLOSE_MS = 2_000;

/**
 * Ends a refused client's connection with the refusal's bytes and reads on into nothing, so that
 * the client's own close ends it; one that never closes its side is closed after
 * `REFUSED_CLOSE_MS`, as dante closes a connection it refused. A refused request then keeps no
 * descriptor, and no place under the rental's connection cap or the gateway's, past that moment.
 */
export function endRefused(socket: net.Socket, bytes: Buffer | string): void {
  socket.end(bytes);
  socket.resume();
  setTimeout(() => socket.destroy(), REFUSED_CLOSE_MS).unref();
}
