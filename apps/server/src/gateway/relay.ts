import net from 'node:net';

/** Size of the one read buffer each relayed target socket keeps (what Node reads at most per call). */
export const RELAY_BUFFER_BYTES = 64 * 1024;

/** For each socket from connectForRelay: what to do with a read (set by relay; false stops reading). */
const consumers = new WeakMap<net.Socket, { consume: ((chunk: Buffer) => boolean) | null }>();

/**
 * Connects like net.connect, but the socket reads into one buffer of its own (Node's `onread`)
 * instead of a new 64 KiB buffer per read. Those per-read buffers are what made the gateway slow:
 * each is off-heap memory that only a garbage collection frees, so a transfer kept the garbage
 * collector busy (docs/benchmarks.md, issue 5). Until `relay` takes the socket over it behaves
 * like any socket ('data', read(), pipe()), each read copied out of the buffer.
 */
export function connectForRelay(options: net.TcpNetConnectOpts): net.Socket {
  const buffer = Buffer.allocUnsafe(RELAY_BUFFER_BYTES);
  const consumer: { consume: ((chunk: Buffer) => boolean) | null } = { consume: null };
  const socket: net.Socket = net.connect({
    ...options,
    onread: {
      buffer,
      callback: (length: number): boolean => {
        const chunk = buffer.subarray(0, length);
        // Before relay(): a copy into the socket's own readable buffer (false stops reading while full).
        return consumer.consume ? consumer.consume(chunk) : socket.push(Buffer.from(chunk));
      },
    },
  });
  consumers.set(socket, consumer);
  return socket;
}

/**
 * Forwards everything `source` reads to `sink` and ends `sink` when `source` ends. A socket from
 * connectForRelay is forwarded from its own buffer: while a write to `sink` is still pending it
 * holds that buffer, so reading stops until the write completes (which is also the backpressure).
 * Any other socket is piped.
 */
export function relay(source: net.Socket, sink: net.Socket): void {
  const consumer = consumers.get(source);
  if (!consumer) {
    source.pipe(sink);
    return;
  }
  // What arrived before (copies) goes first; reads only resume below, after this.
  for (let early = source.read() as Buffer | null; early !== null; early = source.read() as Buffer | null) {
    sink.write(early);
  }
  let waiting = false;
  const written = (error?: Error | null) => {
    if (!waiting) return;
    waiting = false;
    if (!error && !source.destroyed) source.resume();
  };
  consumer.consume = (chunk) => {
    sink.write(chunk, written);
    // Written to the kernel at once (the usual case): the buffer is free for the next read.
    if (sink.writableLength === 0) return true;
    waiting = true;
    return false;
  };
  source.once('end', () => sink.end());
  source.resume();
}
