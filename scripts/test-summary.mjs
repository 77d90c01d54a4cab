// Adds up the runners' JSON reports into one closing line: `tests: N passed, N failed, N skipped`.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../test-results');
const reports = [
  { file: 'vitest.json', kind: 'vitest', label: 'unit + API (PGlite) + web components' },
  { file: 'e2e.json', kind: 'playwright', label: 'browser (Chromium)' },
  { file: 'vitest-pg.json', kind: 'vitest', label: 'API on PostgreSQL' },
];

let passed = 0;
let failed = 0;
let skipped = 0;
for (const { file, kind, label } of reports) {
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) {
    console.log(`  ${label}: no report (the runner did not finish)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(full, 'utf8'));
  const counts =
    kind === 'vitest'
      ? {
          passed: report.numPassedTests,
          failed: report.numFailedTests + (report.numFailedTestSuites ?? 0),
          skipped: report.numPendingTests + report.numTodoTests,
        }
      : {
          passed: report.stats.expected + report.stats.flaky,
          failed: report.stats.unexpected,
          skipped: report.stats.skipped,
        };
  console.log(`  ${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
