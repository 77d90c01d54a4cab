import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectedServerVersion } from '../../test/expected-version';
import { runCli, tempDir } from '../../test/helper';

const data = tempDir('portal-nodes-cli-');
const cli = (...args: string[]) => runCli(data.dir, ...args);

afterAll(() => data.remove());

describe('gateway nodes on the command line', () => {
  // Each command is a process that opens the embedded database: a few seconds each on a busy machine.
  it('adds a node (token once), imports a proxy onto it, lists it, revokes it and moves the proxy back', () => {
    const added = cli('nodes', 'add', 'fra-1', 'fra.example.net');
    expect(added.code, added.err).toBe(0);
    const token = /shown only now:\n(\S+)/.exec(added.out)?.[1];
    expect(token).toBeDefined();
    expect(added.out).toContain(`NODE_TOKEN=${token} GATEWAY_HOST=fra.example.net npm run gateway`);

    const file = path.join(data.dir, 'proxies.csv');
    fs.writeFileSync(
      file,
      'ip,port,protocol,type,country,fraud_score,upstream\n198.51.100.40,1080,SOCKS5,datacenter,DE,5,direct\n',
    );
    expect(cli('proxies', 'import', file, '--node', 'nobody').err).toContain('no gateway node is named nobody');
    const imported = cli('proxies', 'import', file, '--node', 'fra-1');
    expect(imported.code, imported.err).toBe(0);
    const proxyId = /ids (\d+)\.\./.exec(imported.out)?.[1];

    const listed = cli('nodes', 'list', '--json');
    const [node] = JSON.parse(listed.out) as { id: number; name: string; online: boolean; proxies: number }[];
    expect(node).toMatchObject({ name: 'fra-1', online: false, proxies: 1 });
    expect(listed.out).not.toContain(token!);
    const table = cli('nodes', 'list');
    expect(table.out).toMatch(/^\d+\tfra-1\tfra\.example\.net\toffline\tnever\t\t0\t0\t0\t1$/m);
    expect(table.out).toContain(`1 node; this code's version: ${expectedServerVersion()}\n`);

    expect(cli('nodes', 'revoke', String(node!.id)).out).toContain(`Node ${node!.id} revoked.`);
    const again = cli('nodes', 'revoke', String(node!.id));
    expect(again.code).not.toBe(0);
    expect(again.err).toContain('NODE_NOT_FOUND');
    expect(cli('proxies', 'node', proxyId!, 'shop').out).toContain("served by the shop's own gateway");
  }, 300_000);
});
