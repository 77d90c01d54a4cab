import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
// Types only: Vite loads this file with Node, which cannot run the contract's TypeScript sources.
import type { PublicPage } from '@portal/contract';
import type { Plugin } from 'vite';
import { afterClientBuild } from './after-client-build';
import { PUBLIC_PAGE_NAMESPACES } from '../src/lib/public-page-namespaces';
import { PUBLIC_PAGE_SOURCES } from '../src/lib/public-page-sources';
import { localeSource, scriptsOf, type Manifest } from '../src/ssr/manifest';

/**
 * Most JavaScript (gzip) a signed-out page may load before it is interactive, translations
 * included: the storefront's budget is 100 kB. React DOM alone is about 63 kB of it and i18next with
 * react-i18next about 18 kB; the pages weigh 93.8-97.5 kB (docs/benchmarks.md).
 */
export const JS_BUDGET_BYTES = 100_000;

export interface PageWeight {
  page: PublicPage;
  language: string;
  bytes: number;
}

/**
 * The gzip size of the JavaScript each public page runs before it is interactive, in each
 * language: the entry and its static imports, the page's chunk and its static imports, and the
 * page's translations (src/main.tsx waits for them before hydrating).
 */
export function publicPageWeights(
  manifest: Manifest,
  readFile: (file: string) => Buffer,
  languages: readonly string[],
): PageWeight[] {
  const gzipSize = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipSize.get(file);
    if (size === undefined) {
      size = zlib.gzipSync(readFile(file), { level: 9 }).length;
      gzipSize.set(file, size);
    }
    return size;
  };
  const pages = Object.keys(PUBLIC_PAGE_SOURCES) as PublicPage[];
  return pages.flatMap((page) =>
    languages.map((language) => {
      const { module } = PUBLIC_PAGE_SOURCES[page];
      const locales = ['common', ...PUBLIC_PAGE_NAMESPACES[page]].map((ns) => localeSource(language, ns));
      const files = scriptsOf(manifest, ['index.html', module, ...locales]);
      return { page, language, bytes: files.reduce((sum, file) => sum + sizeOf(file), 0) };
    }),
  );
}

/** Fails the client build when a public page's initial JavaScript is over `budget` bytes (gzip). */
export function jsBudget(budget: number = JS_BUDGET_BYTES): Plugin {
  return afterClientBuild('portal:js-budget', ({ root, outDir, log }) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const languages = fs.readdirSync(path.join(root, 'src', 'locales'), { withFileTypes: true });
    const weights = publicPageWeights(
      manifest,
      (file) => fs.readFileSync(path.join(outDir, file)),
      languages.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
    );
    const heaviest = weights.reduce((max, weight) => (weight.bytes > max.bytes ? weight : max));
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
    const over = weights.filter((weight) => weight.bytes > budget);
    if (over.length > 0) {
      const list = over
        .filter((weight) => weight.language === 'en' || weight === heaviest)
        .map((weight) => `${weight.page} (${weight.language}) ${kb(weight.bytes)}`)
        .join(', ');
      throw new Error(`JavaScript budget of ${kb(budget)} (gzip) exceeded by: ${list}`);
    }
    log(
      `JavaScript budget: heaviest public page ${heaviest.page} (${heaviest.language}) ${kb(heaviest.bytes)} of ${kb(budget)} (gzip)`,
    );
  });
}
