import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Rendering a few hundred rows in jsdom takes 2-3 s alone and twice that while CI runs the
    // server projects beside it on two cores; 5 s (the default) made the catalogue test flaky.
    testTimeout: 15_000,
  },
});
