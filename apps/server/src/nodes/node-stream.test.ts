import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { NodeStream } from './node-stream';

describe('a node stream', () => {
  it('is dropped when its node stops reading, instead of buffering without bound', async () => {
    let stream: NodeStream | undefined;
    const closed: NodeStream[] = [];
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      stream = new NodeStream(1, response, 256 * 1024, (which) => closed.push(which));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // A node that sends its request and then never reads: its receive window fills up.
    const client = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    client.write('GET /api/node/stream HTTP/1.1\r\nHost: x\r\n\r\n');
    client.pause();
    while (!stream) await new Promise((resolve) => setTimeout(resolve, 5));
    const line = { type: 'ping' as const, serverTime: 'x'.repeat(1000) };
    let written = 0;
    while (!stream.isClosed && written < 100_000) {
      stream.send(line);
      written += 1;
      // Let the socket move what it can to the kernel, as between changes.
      if (written % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(stream.isClosed).toBe(true);
    expect(closed).toEqual([stream]);
    // Far fewer lines than the loop allowed: the stream stopped at its limit.
    expect(written).toBeLessThan(100_000);
    client.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
});
