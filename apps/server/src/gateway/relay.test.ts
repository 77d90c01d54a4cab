import crypto from 'node:crypto';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectForRelay, pooledRelayBuffers, relay, tunnel } from './relay';

const servers: net.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer(onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/**
 * A front that relays each client to `port` the way the SOCKS5 front does after its handshake,
 * `delayMs` after the target connected (what the target sends first is buffered until then).
 */
function relayingFront(port: number, delayMs = 0): Promise<number> {
  return listen((client) => {
    client.on('error', () => undefined);
    const target = connectForRelay({ host: '127.0.0.1', port });
    target.on('error', () => client.destroy());
    target.once('connect', () =>
      setTimeout(() => {
        client.pipe(target);
        relay(target, client);
      }, delayMs),
    );
  });
}

function sha256(data: Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/**
 * Connects to `port`, sends `message` and waits for the answer's end, keeping its own side open
 * (allowHalfOpen) so that the caller decides when it closes; answers the socket and the text.
 */
async function ask(port: number, message: string): Promise<{ client: net.Socket; text: string }> {
  const client = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  let text = '';
  client.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await new Promise((resolve) => client.once('connect', resolve));
  client.write(message);
  await new Promise((resolve) => client.once('end', resolve));
  return { client, text };
}

describe('relay', () => {
  it('is an ordinary socket until relayed (the provisioner reads its check with a data listener)', async () => {
    const origin = await listen((socket) => socket.end('HTTP/1.1 200 OK\r\n\r\n'));
    const socket = connectForRelay({ host: '127.0.0.1', port: origin });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await new Promise((resolve) => socket.once('end', resolve));
    expect(text).toBe('HTTP/1.1 200 OK\r\n\r\n');
  });

  it('forwards every byte unchanged to a reader that keeps stopping (the buffer is reused only when free)', async () => {
    const payload = crypto.randomBytes(24 * 1024 * 1024 + 123);
    const origin = await listen((socket) => socket.end(payload));
    const front = await relayingFront(origin, 30);

    const received: Buffer[] = [];
    const client = net.connect(front, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      let chunks = 0;
      client.on('data', (chunk: Buffer) => {
        received.push(chunk);
        chunks += 1;
        // A slow reader: the front's writes back up, and its reads must wait for them.
        if (chunks % 20 === 0) {
          client.pause();
          setTimeout(() => client.resume(), 5);
        }
      });
      client.once('end', resolve);
      client.once('error', reject);
    });
    const all = Buffer.concat(received);
    expect(all.length).toBe(payload.length);
    expect(sha256(all)).toBe(sha256(payload));
  });

  it('forwards the other way and passes the end of the stream on', async () => {
    const answering = await listen((socket) =>
      socket.once('data', (chunk: Buffer) => socket.end(`got ${chunk.toString()}`)),
    );
    const { client, text } = await ask(await relayingFront(answering), 'hello through the relay');
    expect(text).toBe('got hello through the relay');
    client.destroy();
  });

  /** Downloads `payload` through the front with a reader that keeps stopping; answers what arrived. */
  async function download(front: number): Promise<Buffer> {
    const received: Buffer[] = [];
    const client = net.connect(front, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      client.on('data', (chunk: Buffer) => {
        received.push(chunk);
        if (received.length % 7 === 0) {
          client.pause();
          setTimeout(() => client.resume(), 2);
        }
      });
      client.once('close', () => resolve());
      client.once('error', reject);
    });
    return Buffer.concat(received);
  }

  it('closes a tunnel whose target answered and closed while the client never closes its side', async () => {
    const answering = await listen((socket) => socket.once('data', () => socket.end('answer')));
    let closedAt = 0;
    const front = await listen((client) => {
      client.on('error', () => undefined);
      const target = connectForRelay({ host: '127.0.0.1', port: answering });
      target.once('connect', () => tunnel(client, target, Buffer.alloc(0), () => (closedAt = Date.now()), 300));
    });
    // The answer and its end arrive; the client keeps its own side open, as a careless one does.
    const { client, text } = await ask(front, 'question');
    expect(text).toBe('answer');
    const endedAt = Date.now();
    expect(closedAt).toBe(0);
    // The tunnel gives up the half-closed connection (its slot and buffer) on its own.
    while (closedAt === 0 && Date.now() - endedAt < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closedAt).toBeGreaterThan(endedAt);
    client.destroy();
  });

  it('reuses the read buffer of a closed relay, and relays open at once never share one', async () => {
    const payloads = Array.from({ length: 4 }, () => crypto.randomBytes(3 * 1024 * 1024 + 17));
    let next = 0;
    const origin = await listen((socket) => socket.end(payloads[next++ % payloads.length]!));
    const front = await relayingFront(origin);

    const together = await Promise.all(payloads.map(() => download(front)));
    expect(together.map(sha256).sort()).toEqual(payloads.map(sha256).sort());

    // The front's sockets close a moment after the reader's: wait until the pool stops changing.
    const settled = async () => {
      let last = -1;
      let steady = 0;
      while (steady < 5) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        steady = pooledRelayBuffers() === last ? steady + 1 : 0;
        last = pooledRelayBuffers();
      }
    };
    await settled();
    const before = pooledRelayBuffers();
    expect(before).toBeGreaterThan(0);
    for (let i = 0; i < 4; i += 1) {
      const expected = payloads[next % payloads.length]!;
      expect(sha256(await download(front))).toBe(sha256(expected));
      await settled();
    }
    // One after another they take the same pooled buffer back: the pool does not grow.
    expect(pooledRelayBuffers()).toBeLessThanOrEqual(before);
  });
});
