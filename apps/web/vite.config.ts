import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sonnerStylesFromFile, styleSingletonWithoutInlineStyle } from './csp-styles-plugin';

export default defineConfig({
  plugins: [sonnerStylesFromFile(), styleSingletonWithoutInlineStyle(), react(), tailwindcss()],
  server: {
    // `npm run dev -w apps/web` talks to the API started by `npm start` (or `npm run dev`).
    proxy: { '/api': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Country flags stay separate files (fetched only when shown), not inlined into the catalogue chunk.
    assetsInlineLimit: (file) => (file.includes('country-flag-icons') ? false : undefined),
  },
});
