import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/helper';
import { serveOnLoopback } from '../../test/ports';
import { closedPort } from '../../test/socks-upstream';
import { discoveryApp, discoveryDeps, discoveryKit, importText, proxyRow } from '../../test/discovery-kit';
import { runDiscoveryRound } from './discovery-service';

const kit = discoveryKit();

describe('what an upstream speaks', () => {
  /** A TCP server that answers every connection with `reply` (or, with null, closes it at once). */
  async function tcpServer(reply: string | null): Promise<{ port: number; close: () => Promise<void> }> {
    const server = net.createServer((socket) => {
      // Read what comes, or the client's close is never seen.
      socket.resume();
      if (reply === null) socket.destroy();
      else socket.end(reply);
    });
    const { port, stop } = await serveOnLoopback(server);
    return { port, close: stop };
  }

  it('probes lines without a scheme in a batch without a protocol, SOCKS5 first, then HTTP', async () => {
    kit.exitIp = '8.8.8.8';
    const t = await discoveryApp(kit);
    const imported = await importText(
      t,
      `127.0.0.1:${kit.socks.port}:user:pass\nuser:pass@127.0.0.1:${kit.httpProxy.port}`,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const [socksId, httpId] = json<{ ids: number[] }>(imported).ids;
    expect(await proxyRow(t, socksId!)).toMatchObject({ detectProtocol: true, discovery: 'checking' });
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, socksId!)).toMatchObject({
      upstream: `socks5://user:pass@127.0.0.1:${kit.socks.port}`,
      protocol: 'SOCKS5',
      detectProtocol: false,
      discovery: 'listed',
      exitIp: '8.8.8.8',
    });
    expect(await proxyRow(t, httpId!)).toMatchObject({
      upstream: `http://user:pass@127.0.0.1:${kit.httpProxy.port}`,
      protocol: 'HTTP',
      detectProtocol: false,
      discovery: 'listed',
    });
    // The same list pasted again is the same two upstreams, whatever scheme discovery wrote since;
    // a line naming the other scheme is an upstream of its own.
    const again = await importText(
      t,
      [
        `127.0.0.1:${kit.socks.port}:user:pass`,
        `user:pass@127.0.0.1:${kit.httpProxy.port}`,
        `127.0.0.1:${kit.httpProxy.port}:user:pass`,
        `socks5://user:pass@127.0.0.1:${kit.httpProxy.port}`,
      ].join('\n'),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(json<{ added: number; duplicates: { row: number }[] }>(again)).toMatchObject({
      added: 1,
      duplicates: [{ row: 1 }, { row: 2 }, { row: 3 }],
    });
    await t.close();
  });

  it('fails an upstream that speaks neither, and names the other protocol when the scheme was wrong', async () => {
    kit.exitIp = '8.8.8.8';
    const garbage = await tcpServer('hello there\n');
    const closing = await tcpServer(null);
    const t = await discoveryApp(kit);
    const detected = json<{ ids: number[] }>(
      await importText(t, `127.0.0.1:${garbage.port}:user:pass\n127.0.0.1:${closing.port}`),
    ).ids;
    const wrong = json<{ ids: number[] }>(
      await importText(
        t,
        `http://user:pass@127.0.0.1:${kit.socks.port}\nsocks5://user:pass@127.0.0.1:${kit.httpProxy.port}`,
      ),
    ).ids;
    await runDiscoveryRound(discoveryDeps(t));
    for (const id of detected) {
      expect(await proxyRow(t, id)).toMatchObject({
        discovery: 'failed',
        failureReason: 'cannot connect: the upstream speaks neither SOCKS5 nor HTTP',
      });
    }
    expect((await proxyRow(t, wrong[0]!)).failureReason).toBe(
      'wrong protocol: the upstream speaks SOCKS5, but it was imported as HTTP',
    );
    expect((await proxyRow(t, wrong[1]!)).failureReason).toBe(
      'wrong protocol: the upstream speaks HTTP, but it was imported as SOCKS5',
    );
    await t.close();
    await garbage.close();
    await closing.close();
  });

  it('says why when nothing takes the connection, rather than that the upstream speaks neither', async () => {
    const port = await closedPort();
    const t = await discoveryApp(kit);
    const [id] = json<{ ids: number[] }>(await importText(t, `127.0.0.1:${port}:user:pass`)).ids;
    await runDiscoveryRound(discoveryDeps(t));
    expect(await proxyRow(t, id!)).toMatchObject({
      discovery: 'failed',
      failureReason: `cannot connect: connect ECONNREFUSED 127.0.0.1:${port}`,
    });
    await t.close();
  });

  it('takes the batch protocol and type in any case', async () => {
    const t = await discoveryApp(kit);
    const response = await importText(t, `127.0.0.1:${kit.socks.port}:user:pass`, '?protocol=SOCKS5&type=Residential');
    expect(response.statusCode, response.body).toBe(200);
    const [id] = json<{ ids: number[] }>(response).ids;
    expect(await proxyRow(t, id!)).toMatchObject({
      upstream: `socks5://user:pass@127.0.0.1:${kit.socks.port}`,
      type: 'residential',
      detectProtocol: false,
    });
    expect((await importText(t, '127.0.0.1:1', '?protocol=socks4')).statusCode).toBe(400);
    await t.close();
  });
});
