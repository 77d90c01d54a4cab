import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Two test files at a time at least. Vitest's default (one per core, less one) runs one at a
    // time on two cores, yet most files spend their time waiting on sockets, databases and child
    // processes, not computing: on two cores two at a time took the server suite on PostgreSQL
    // from 708 s to 501 s and the web components from 213 s to 140 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The PostgreSQL run writes its own report, so CI's summary counts both runs.
    reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT ?? 'test-results/vitest.json' }]],
  },
});
