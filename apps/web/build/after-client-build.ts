import path from 'node:path';
import type { Plugin } from 'vite';

/** What a step after the client build is given. */
export interface ClientBuild {
  /** The app's folder. */
  root: string;
  /** Where the client build was written. */
  outDir: string;
  log: (line: string) => void;
}

/**
 * A build step that runs once the client bundle is written. The server-side rendering build of the
 * same config skips it: its output is no file a browser loads.
 */
export function afterClientBuild(name: string, step: (build: ClientBuild) => void): Plugin {
  let root = '';
  let outDir = '';
  let skip = false;
  return {
    name,
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (skip) return;
      const logger = this.environment.logger;
      step({ root, outDir, log: (line) => logger.info(line) });
    },
  };
}
