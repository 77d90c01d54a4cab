import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, portOpens } from './ports';

const DANTED = '/usr/sbin/danted';

/**
 * dante on loopback without authentication, for loopback clients only: SOCKS5 and SOCKS4
 * CONNECT and SOCKS5 UDP ASSOCIATE. Its log goes beside the configuration file.
 */
export function writeDanteConfig(
  file: string,
  port: number,
  users: { privileged: string; unprivileged: string },
): void {
  fs.writeFileSync(
    file,
    [
      `logoutput: ${path.join(path.dirname(file), 'danted.log')}`,
      `internal: 127.0.0.1 port = ${port}`,
      'external: 127.0.0.1',
      'clientmethod: none',
      'socksmethod: none',
      `user.privileged: ${users.privileged}`,
      `user.unprivileged: ${users.unprivileged}`,
      'client pass { from: 127.0.0.0/8 to: 0.0.0.0/0 }',
      // One keyword a line: dante's parser takes no two on one line.
      'socks pass {',
      '  from: 127.0.0.0/8 to: 0.0.0.0/0',
      '  command: connect udpassociate udpreply',
      '}',
    ].join('\n'),
  );
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
  writeDanteConfig(config, port, { privileged: user, unprivileged: user });
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
  if (await portOpens(port, () => child.exitCode !== null)) return { url: `socks5://127.0.0.1:${port}`, stop };
  stop();
  return null;
}
