import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from './server-root';

// The compiled server has the commit it was built from written in by its build; code run from
// its sources (the CLI, development, tests) asks git, and where the folder is not a checkout (the
// image's CLI) takes the commit the compiled server beside it was built from.
declare const PORTAL_BUILD_COMMIT: string | undefined;

function packageVersion(): string {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8'));
    const version = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : null;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

function sourceCommit(): string | null {
  if (typeof PORTAL_BUILD_COMMIT === 'string') return PORTAL_BUILD_COMMIT || null;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: SERVER_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2_000,
    }).trim();
    if (/^[0-9a-f]{7,40}$/.test(commit)) return commit;
  } catch {
    // Not a checkout, or no git: the build's record below.
  }
  try {
    const built = fs.readFileSync(path.join(SERVER_ROOT, 'dist', 'commit.txt'), 'utf8').trim();
    return /^[0-9a-f]{7,40}$/.test(built) ? built : null;
  } catch {
    return null;
  }
}

let known: string | null = null;

/**
 * What this code is: the package's version, and after a `+` the commit it came from when that is
 * known (`1.0.0+3f2a1b9c0d4e`). Nodes report it, and the console sets it beside the shop's own, so
 * a node left on older code after an upgrade shows; the version alone would not change between
 * two builds of the same release.
 */
export function serverVersion(): string {
  known ??= [packageVersion(), sourceCommit()].filter(Boolean).join('+');
  return known;
}
