import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // The PostgreSQL run writes its own report, so CI's summary counts both runs.
    reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT ?? 'test-results/vitest.json' }]],
  },
});
