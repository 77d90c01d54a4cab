import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { version as viteVersion, type Plugin } from 'vite';

/** Where the client build writes the translation chunks, under the version of all of them. */
export function localeChunkFile(version: string, language: string, namespace: string): string {
  return `assets/locales/${version}/${language}/${namespace}.js`;
}

function localeFiles(localesDir: string): { language: string; namespace: string; file: string }[] {
  return fs
    .readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(localesDir, dir.name))
        .filter((name) => name.endsWith('.json'))
        .map((name) => ({
          language: dir.name,
          namespace: name.slice(0, -'.json'.length),
          file: path.join(localesDir, dir.name, name),
        })),
    )
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The version of every translation at once: a hash of all locale files and of the bundler that
 * turns them into modules, so a changed text or a changed output format gets a new directory.
 */
export function localeVersion(localesDir: string): string {
  const hash = crypto.createHash('sha256').update(viteVersion);
  for (const { file } of localeFiles(localesDir)) {
    hash.update(path.relative(localesDir, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Translations as chunks at predictable addresses: `assets/locales/<version>/ru/news.js`.
 * With one content hash per file, the browser's loader needs a table of 78 hashed names in the
 * entry chunk (0.7-1.2 kB gzip on every public page); with one version for all of them, it builds
 * the address from the language and namespace (src/lib/i18n.ts). The directory is new whenever any
 * translation changes, so the year-long cache of `/assets/` stays correct.
 */
export function localeChunks(): Plugin {
  let localesDir = '';
  let version = '';
  let ssr = false;
  return {
    name: 'portal:locale-chunks',
    config(config, { command }) {
      localesDir = path.resolve(config.root ?? process.cwd(), 'src', 'locales');
      version = command === 'build' ? localeVersion(localesDir) : 'dev';
      return { define: { 'import.meta.env.LOCALE_VERSION': JSON.stringify(version) } };
    },
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      // The server renderer bundles every translation itself (src/entry-server.tsx).
      if (ssr) return;
      for (const { language, namespace, file } of localeFiles(localesDir)) {
        this.emitFile({
          type: 'chunk',
          id: file,
          fileName: localeChunkFile(version, language, namespace),
          preserveSignature: 'strict',
        });
      }
    },
  };
}
