import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The version the server should report, worked out here on its own: the package's version, then
 * `+` and the checkout's commit (12 hex digits) when the tests run in a git checkout, as CI's does.
 */
export function expectedServerVersion(): string {
  const manifest = path.resolve(import.meta.dirname, '../package.json');
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  const git = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8' });
  return git.status === 0 ? `${version}+${git.stdout.trim()}` : version;
}
