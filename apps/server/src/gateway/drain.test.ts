import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { connectedRental, startTestGateway } from '../../test/live-rental-kit';
import { startOrigin } from '../../test/origin';
import { basic, connectTunnel, httpOverSocket, socksGet } from '../../test/gateway-kit';

let t: TestApp;
let origin: Awaited<ReturnType<typeof startOrigin>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTER_RATE_LIMIT: '1000' } });
  origin = await startOrigin();
});
afterAll(async () => {
  await origin.close();
  await t.close();
});

const startAllowingLoopback = () => startTestGateway(t, { privateTargets: 'allow' });

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

/** A CONNECT tunnel's request that stays open: the origin answers only when asked again. */
function keepAliveRequest(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (/\r\n\r\n[\s\S]*\}/.test(text)) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: origin\r\n\r\n`);
  });
}

describe('a stopping gateway', () => {
  it('refuses new connections at once and lets open tunnels run until they end', async () => {
    const gateway = await startAllowingLoopback();
    const { user, pass } = await connectedRental(t, gateway.store);
    const tunnel = await connectTunnel(gateway.httpPort, basic(user, pass), `127.0.0.1:${origin.port}`);
    expect(tunnel.status).toBe(200);

    const startedAt = Date.now();
    const closed = gateway.close({ drainMs: 10_000 });
    expect(await refused(gateway.httpPort)).toBe(true);
    expect(await refused(gateway.socksPort)).toBe(true);
    // The tunnel opened before the stop still carries requests...
    expect(await keepAliveRequest(tunnel.socket!, '/during-drain')).toContain('"path":"/during-drain"');
    expect(await httpOverSocket(tunnel.socket!, '/last')).toContain('"path":"/last"');
    // ...and the stop completes as soon as it has ended, well before the drain time.
    await closed;
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('cuts tunnels still open when the drain time is over', async () => {
    const gateway = await startAllowingLoopback();
    const { user, pass } = await connectedRental(t, gateway.store);
    const tunnel = await connectTunnel(gateway.httpPort, basic(user, pass), `127.0.0.1:${origin.port}`);
    const cut = new Promise<number>((resolve) => tunnel.socket!.on('close', () => resolve(Date.now())));
    const startedAt = Date.now();
    await gateway.close({ drainMs: 600 });
    const elapsed = (await cut) - startedAt;
    expect(elapsed).toBeGreaterThanOrEqual(500);
    expect(elapsed).toBeLessThan(3_000);
    await expect(socksGet(gateway.socksPort, user, pass, { host: '127.0.0.1', port: origin.port })).rejects.toThrow();
  });
});
