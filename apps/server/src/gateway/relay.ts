import net from 'node:net';

/** Size of the one read buffer each relayed target socket keeps (what Node reads at most per call). */
export const RELAY_BUFFER_BYTES = 64 * 1024;

interface Consumer {
  /** What to do with a read (set by relay; false stops reading). */
  consume: ((chunk: Buffer) => boolean) | null;
  /** Where relay writes the buffer's contents; the buffer is free once both sockets have closed. */
  sink: net.Socket | null;
  release?: () => void;
}

const consumers = new WeakMap<net.Socket, Consumer>();

/**
 * Read buffers of closed relays, for the next connection: a fresh 64 KiB per connection is the
 * same off-heap garbage that slowed transfers, paid once per connection instead of once per read
 * (it cost the connection rate). Bounded, so a burst of connections leaves at most 16 MiB here.
 */
const freeBuffers: Buffer[] = [];
const MAX_FREE_BUFFERS = 256;

function takeBuffer(): Buffer {
  return freeBuffers.pop() ?? Buffer.allocUnsafeSlow(RELAY_BUFFER_BYTES);
}

/** How many read buffers wait for reuse (for tests). */
export function pooledRelayBuffers(): number {
  return freeBuffers.length;
}

/**
 * Connects like net.connect, but the socket reads into one buffer of its own (Node's `onread`)
 * instead of a new 64 KiB buffer per read. Those per-read buffers are what made the gateway slow:
 * each is off-heap memory that only a garbage collection frees, so a transfer kept the garbage
 * collector busy (docs/benchmarks.md). Until `relay` takes the socket over it behaves
 * like any socket ('data', read(), pipe()), each read copied out of the buffer.
 */
export function connectForRelay(options: net.TcpNetConnectOpts): net.Socket {
  const buffer = takeBuffer();
  const consumer: Consumer = { consume: null, sink: null };
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
  // Only when neither socket can touch the buffer again: the source reads into it until it is
  // destroyed, and a write to the sink may still be sending from it until the sink is destroyed.
  let released = false;
  const release = () => {
    if (released || !socket.closed || (consumer.sink && !consumer.sink.closed)) return;
    // Once only: two owners of one buffer would mix two customers' data.
    released = true;
    if (freeBuffers.length < MAX_FREE_BUFFERS) freeBuffers.push(buffer);
  };
  socket.once('close', release);
  consumer.release = release;
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
  consumer.sink = sink;
  if (consumer.release) sink.once('close', consumer.release);
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

/**
 * How long a tunnel stays open once one direction has ended (a client that shut its write side
 * waiting for its answer, or a target that answered and closed while the upload goes on): long
 * enough for any answer, short enough that a client that never closes does not hold its rental's
 * connection slot and a relay buffer for ever.
 */
export const HALF_CLOSED_MS = 60_000;

/**
 * Joins a customer's socket and its target both ways until either side closes (a side closes once
 * both its directions have ended, or `halfClosedMs` after the first did); then both are destroyed
 * and `closed` runs, once. `early` is what the client sent before the tunnel opened.
 */
export function tunnel(
  client: net.Socket,
  target: net.Socket,
  early: Buffer,
  closed: () => void,
  halfClosedMs = HALF_CLOSED_MS,
): void {
  let done = false;
  let halfClosed: NodeJS.Timeout | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(halfClosed);
    client.destroy();
    target.destroy();
    closed();
  };
  const oneWayEnded = () => {
    if (halfClosed === undefined) halfClosed = setTimeout(finish, halfClosedMs).unref();
  };
  // Half-close passes through both ways, as dante relays it: a client that shuts its write side
  // after its request still gets the answer, and a target that has answered still gets the rest.
  // (A server socket ends its own write side when the client's ends, unless told otherwise.)
  client.allowHalfOpen = true;
  target.allowHalfOpen = true;
  target.on('error', finish);
  target.on('close', finish);
  client.on('close', finish);
  client.once('end', oneWayEnded);
  target.once('end', oneWayEnded);
  if (early.length > 0) target.write(early);
  client.pipe(target);
  // The download direction carries most bytes: from a direct target it is read into one reused
  // buffer (`relay`); other targets are piped.
  relay(target, client);
}
