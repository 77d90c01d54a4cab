import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { publicPageWeights } from './js-budget';

const root = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-budget-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the JavaScript budget of the public pages', () => {
  it('counts the entry, the page chunk, their static imports and the translations, each file once', () => {
    const files: Record<string, number> = { 'entry.js': 3000, 'shared.js': 2000, 'landing.js': 1000, 'ru.js': 500 };
    const manifest = {
      'index.html': { file: 'entry.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['lazy.tsx'] },
      '_shared.js': { file: 'shared.js' },
      'lazy.tsx': { file: 'lazy.js' },
      'src/features/storefront/components/landing-page.tsx': { file: 'landing.js', imports: ['_shared.js'] },
      'src/locales/ru/landing.json': { file: 'ru.js' },
    };
    // Incompressible bytes, so that the gzip size follows the file size.
    const read = (file: string) => crypto.randomBytes(files[file] ?? 0);
    const landing = publicPageWeights(manifest, read, ['en', 'ru']).filter((weight) => weight.page === '/');
    const [en, ru] = landing.map((weight) => weight.bytes);
    expect(en).toBeGreaterThan(6000);
    expect(en).toBeLessThan(6200);
    expect((ru ?? 0) - (en ?? 0)).toBeGreaterThan(500);
  });

  it('fails the build when a big import lands in the landing page chunk', async () => {
    const build$ = build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: false },
      plugins: [
        {
          name: 'test:big-landing-import',
          transform(code, id) {
            if (!id.endsWith('landing-page.tsx')) return null;
            // The whole of zod (every schema constructor) kept alive by the landing page.
            return `import * as zodEverything from 'zod';\n${code}\nexport const keepZod = Object.values(zodEverything);`;
          },
        },
      ],
    });
    await expect(build$).rejects.toThrow(/JavaScript budget of 100.0 kB \(gzip\) exceeded by: \/ \(en\)/);
  }, 240_000);
});
