// The commit a build of the server names in its version. PORTAL_COMMIT wins where the sources are
// not a git checkout (an image's build is given it); '' when neither says.
import { spawnSync } from 'node:child_process';

export const BUILT_COMMIT_FILE = 'dist/commit.txt';

export function buildCommit(cwd) {
  const commit =
    process.env.PORTAL_COMMIT ??
    spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, encoding: 'utf8' }).stdout?.trim() ??
    '';
  return /^[0-9a-f]{7,40}$/.test(commit) ? commit : '';
}
