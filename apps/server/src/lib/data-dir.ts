import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from './secrets';

/**
 * The embedded database must have one process at a time: a second one would corrupt it.
 * A pid file refuses a second start while the first is alive, and is taken over after a crash.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'portal.pid');
  const existing = readPid(lockFile);
  if (existing !== null && existing !== process.pid && isAlive(existing)) {
    throw new Error(
      `Another portal process (pid ${existing}) is using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    if (readPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
  };
}

/** Is a live process (a running portal or command) holding the data folder? */
export function dataDirInUse(dataDir: string): boolean {
  const pid = readPid(path.join(dataDir, 'portal.pid'));
  return pid !== null && pid !== process.pid && isAlive(pid);
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Demo mode's admin secret: generated on the first start and kept in the data folder (readable
 * by the owner only), so it survives restarts.
 */
export function demoAdminSecret(dataDir: string): { secret: string; generated: boolean; file: string } {
  const file = path.join(dataDir, 'admin-secret');
  try {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret.length >= 12) return { secret, generated: false, file };
  } catch {
    // First start: nothing stored yet.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(18);
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, generated: true, file };
}

/**
 * What the start banner says about a generated secret: the secret itself only to a person at a
 * terminal. Output that is not a terminal usually ends in a log file that others can read, so
 * it only names the file that holds the secret.
 */
export function demoSecretNotice(
  demo: { secret: string; generated: boolean; file: string },
  terminal: boolean,
): string {
  if (!demo.generated) return `Admin secret: kept in ${demo.file}`;
  return terminal
    ? `Admin secret (generated, shown once; kept in ${demo.file}): ${demo.secret}`
    : `Admin secret: generated and kept in ${demo.file} (not shown: output is not a terminal)`;
}
