/** The processes of the gateway benchmark: Debian's dante-server as the reference, and CPU time read from /proc. */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeDanteConfig } from '../../apps/server/test/dante-upstream';
import { portOpens } from '../../apps/server/test/ports';

export const DANTE_PORT = 11_999;

/**
 * Three busy processes on two cores: left to the scheduler, the proxy shares a core with the
 * origin or the reader by chance, and the same path measured twice differed up to 3x. Pinned, each
 * proxy gets the same one core, which is what the comparison with dante needs.
 */
export const PIN = process.env.BENCH_PIN !== '0' && os.cpus().length >= 2 && fs.existsSync('/usr/bin/taskset');
export const PROXY_CORE = '1';
export const LOAD_CORE = '0';

/** Runs a command on one core (children and threads inherit it), or as it is when not pinning. */
export const onCore = (core: string, command: string, args: string[]): [string, string[]] =>
  PIN ? ['/usr/bin/taskset', ['-c', core, command, ...args]] : [command, args];

/** What to stop if the run fails (dante runs in a process group of its own and would stay). */
export const stopOnFailure: (() => void)[] = [];

export function ensureDante(): string | null {
  const find = () => ['/usr/sbin/danted', '/usr/sbin/sockd'].find((file) => fs.existsSync(file)) ?? null;
  if (find()) return find();
  if (process.getuid?.() !== 0) return null;
  console.log('installing dante-server from Debian...');
  execSync('apt-get install -y -qq dante-server', {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return find();
}

/**
 * CPU seconds (user + system) used so far by a process and by the processes of the group it
 * leads (dante forks its workers), from Linux /proc; null where /proc is missing. It tells what
 * each proxy spends per GiB moved, which on a busy machine is steadier than MB/s.
 */
export function cpuSeconds(id: number): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces): state ppid pgrp ... utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // With the workers each process has already reaped (cutime, cstime): dante replaces its
    // children during a run, and without them a round's CPU time could come out negative. A
    // reaped process's time is in exactly one living parent's, so nothing is counted twice.
    if (Number(entry) === id || Number(fields[2]) === id) {
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    }
  }
  return ticks / 100;
}

/** dante on loopback without authentication: SOCKS5 and SOCKS4 CONNECT and SOCKS5 UDP ASSOCIATE. */
export async function startDante(binary: string): Promise<{ pgid: number; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dante-'));
  const config = path.join(dir, 'danted.conf');
  writeDanteConfig(config, DANTE_PORT, { privileged: 'root', unprivileged: 'nobody' });
  // Its own process group: dante forks io-children, and all of them must stop with the benchmark.
  const [command, args] = onCore(PROXY_CORE, binary, ['-f', config, '-N', '2']);
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  await portOpens(DANTE_PORT);
  const stop = () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  stopOnFailure.push(stop);
  return { pgid: child.pid!, stop };
}

/** A self-signed certificate for `localhost` from openssl, for the gateway's TLS port. */
export function selfSignedCertificate(): { dir: string; cert: string; key: string } | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tls-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  try {
    execSync(
      `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout ${key} -out ${cert}`,
      { stdio: 'ignore' },
    );
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return { dir, cert, key };
}
