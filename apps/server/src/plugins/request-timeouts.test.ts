import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let port: number;

// The real limits are 10 s and 30 s; the same server code with shorter ones keeps the test quick.
beforeAll(async () => {
  t = await buildTestApp({ deps: { timeouts: { headersMs: 1000, requestMs: 2000 } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

/** Sends `text` one byte every `everyMs`; answers what the server said and when it closed. */
function trickle(text: string, everyMs: number): Promise<{ answer: string; heldMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < text.length && !socket.destroyed) socket.write(text[sent++] ?? '');
    }, everyMs);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, heldMs: Date.now() - started });
    });
  });
}

describe('API request timeouts hold whatever the pace', () => {
  it('drops a client whose headers do not arrive in time, silent or trickling', async () => {
    const headers = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    const [silent, slow] = await Promise.all([trickle('', 100), trickle(headers, 100)]);
    for (const { heldMs } of [silent, slow]) {
      expect(heldMs).toBeGreaterThanOrEqual(900);
      expect(heldMs).toBeLessThan(4000);
    }
  });

  it('answers 408 to a body that arrives one byte at a time past the request timeout', async () => {
    const body = JSON.stringify({ referralCode: 'x'.repeat(200) });
    const head = `POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    socket.write(head);
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++] ?? '');
    }, 100);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
