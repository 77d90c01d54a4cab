// `npm start` and `npm run gateway` build what is missing or older than its sources: the web app
// (and its server renderer) and the compiled server.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BUILT_COMMIT_FILE, buildCommit } from '../apps/server/build-commit.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newestChange(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/**
 * Rebuilds when an output is missing, a source changed after the oldest output, or (`outdated`)
 * the build says something else the sources no longer match.
 */
function ensure({ name, outputs, sources, command, outdated = () => null }) {
  const builtAt = Math.min(
    ...outputs.map((file) => fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0),
  );
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  const reason = !builtAt
    ? `Building the ${name.toLowerCase()} (first start)...`
    : changedAt > builtAt
      ? `${name} sources changed: rebuilding...`
      : outdated();
  if (!reason) return;
  console.log(reason);
  // What is built here is what `npm start` serves: a production build, whatever NODE_ENV the shell
  // has (a development build of React is larger than the pages' script budget, and fails it).
  execSync(command, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const only = process.argv[2];
if (only !== 'server') {
  ensure({
    name: 'Web app',
    // The storefront's server renderer is built with the app; an older build lacks it.
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'],
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
    command: 'npm run build --silent -w apps/web',
  });
}
ensure({
  name: 'Server',
  outputs: ['apps/server/dist/main.js', 'apps/server/dist/gateway.js'],
  sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/build-commit.mjs', 'packages/contract/src'],
  command: 'npm run build --silent -w apps/server',
  // The compiled server names its commit in its version (nodes report it, the console compares):
  // after a commit or a checkout it is built again, which takes seconds.
  outdated: () => {
    const file = path.join(root, 'apps/server', BUILT_COMMIT_FILE);
    const built = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
    const now = buildCommit(root);
    return now && built !== now ? 'Server built from another commit: rebuilding...' : null;
  },
});
