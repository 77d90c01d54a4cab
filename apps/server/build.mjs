// Compiles the server for `npm start`: one ES module per command (the server, the standalone
// gateway) with their shared code in chunks, the contract's TypeScript compiled in, every npm
// package left to node_modules. Running compiled code instead of tsx keeps the compiler out of
// the running server's memory (docs/benchmarks.md).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { BUILT_COMMIT_FILE, buildCommit } from './build-commit.mjs';

const root = import.meta.dirname;
// Chunk names change with their content: last build's would pile up.
fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });

const commit = buildCommit(root);

await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    gateway: path.join(root, 'src/gateway/main.ts'),
  },
  outdir: path.join(root, 'dist'),
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  define: { PORTAL_BUILD_COMMIT: JSON.stringify(commit) },
  plugins: [
    {
      name: 'packages-stay-in-node-modules',
      setup(context) {
        // The workspace's own packages are TypeScript sources: they are compiled in.
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// What `npm start` compares with the checkout's commit, to rebuild after a commit or a checkout.
fs.writeFileSync(path.join(root, BUILT_COMMIT_FILE), `${commit}\n`);
