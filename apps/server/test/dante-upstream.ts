import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const DANTED = '/usr/sbin/danted';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Debian's dante-server as a real SOCKS5 upstream on loopback that relays UDP (no
 * authentication, as the rules below allow loopback clients only); null where it is not
 * installed or does not start. It runs as the current user and in a process group of its own,
 * which `stop` ends with all its children.
 */
export async function danteUpstream(): Promise<{ url: string; stop: () => void } | null> {
  if (!fs.existsSync(DANTED)) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dante-udp-'));
  const port = await freePort();
  const user = os.userInfo().username;
  const config = path.join(dir, 'danted.conf');
  fs.writeFileSync(
    config,
    [
      `logoutput: ${path.join(dir, 'danted.log')}`,
      `internal: 127.0.0.1 port = ${port}`,
      'external: 127.0.0.1',
      'clientmethod: none',
      'socksmethod: none',
      `user.privileged: ${user}`,
      `user.unprivileged: ${user}`,
      'client pass { from: 127.0.0.0/8 to: 0.0.0.0/0 }',
      'socks pass { from: 127.0.0.0/8 to: 0.0.0.0/0 command: connect udpassociate udpreply }',
    ].join('\n'),
  );
  const child = spawn(DANTED, ['-f', config, '-N', '1'], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
    if (up) return { url: `socks5://127.0.0.1:${port}`, stop };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  return null;
}
