import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { jsBudget } from './build/js-budget';
import { localeChunks } from './build/locale-chunks';
import { precompress } from './build/precompress';
import { sonnerStylesFromFile, styleSingletonWithoutInlineStyle } from './csp-styles-plugin';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    sonnerStylesFromFile(),
    styleSingletonWithoutInlineStyle(),
    react(),
    tailwindcss(),
    localeChunks(),
    precompress(),
    jsBudget(),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    // `npm run dev -w apps/web` talks to the API started by `npm start` (or `npm run dev`).
    proxy: { '/api': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' },
  },
  // Translations are read whole (build/locale-chunks.ts keeps every export of their chunks).
  json: { namedExports: false },
  // The storefront's server renderer (`vite build --ssr`) bundles the workspace's TypeScript contract.
  ssr: { noExternal: ['@portal/contract'] },
  build: {
    // Every browser the app supports preloads modules itself: the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // Everything a page runs before it is interactive in one chunk with the entry. Left to itself
    // the bundler splits React, i18next and the contract's constants into four more chunks, because
    // lazy screens share them: about 1.9 kB more gzip on every public page, in five requests.
    // Translations are entries of their own (build/locale-chunks.ts) and stay out of it.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'index', tags: ['$initial'], test: (id: string) => !/[\\/]src[\\/]locales[\\/]/.test(id) },
              ],
            },
          },
        },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to preload a public page's chunks; the size budget weighs them.
    manifest: true,
    // Country flags stay separate files (fetched only when shown), not inlined into the catalogue chunk.
    assetsInlineLimit: (file) => (file.includes('country-flag-icons') ? false : undefined),
  },
}));
