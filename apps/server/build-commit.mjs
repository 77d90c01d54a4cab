// The commit a build of the server names in its version: git's answer in a checkout, else
// PORTAL_COMMIT (an image's build has no .git and is given it), else ''.
import { spawnSync } from 'node:child_process';

export const BUILT_COMMIT_FILE = 'dist/commit.txt';

export function buildCommit(cwd) {
  const commit =
    spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, encoding: 'utf8' }).stdout?.trim() ||
    process.env.PORTAL_COMMIT ||
    '';
  return /^[0-9a-f]{7,40}$/.test(commit) ? commit : '';
}
