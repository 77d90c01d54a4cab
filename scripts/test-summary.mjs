// Adds up the runners' JSON reports into one closing line: `tests: N passed, N failed, N skipped`.
// The failures are named just above it, each with the start of its error and where it was raised:
// CI keeps only the end of a long log, and a count alone leaves the next person guessing which test
// broke and why.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../test-results');
const reports = [
  { file: 'vitest.json', kind: 'vitest', label: 'unit + web components (+ API on PGlite in npm test)' },
  { file: 'e2e.json', kind: 'playwright', label: 'browser (Chromium)' },
  { file: 'vitest-pg.json', kind: 'vitest', label: 'API on PostgreSQL' },
];

/** Each failed test as `file: name` and why, from a Vitest or a Playwright JSON report. */
function failures(kind, report) {
  const names = [];
  if (kind === 'vitest') {
    for (const file of report.testResults ?? []) {
      const where = path.relative(path.resolve(dir, '..'), file.name);
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) names.push(`${where}: ${test.fullName}${why(test.failureMessages?.[0])}`);
      if (file.status === 'failed' && failedTests.length === 0) names.push(`${where}: ${firstLine(file.message)}`);
    }
    return names;
  }
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') names.push(`${spec.file ?? file}: ${spec.title}${playwrightWhy(test)}`);
    for (const inner of suite.suites ?? []) walk(inner, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  for (const error of report.errors ?? []) names.push(`(runner) ${firstLine(error.message)}`);
  return names;
}

function filesFailedWithoutTests(report) {
  return (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
}

/** ANSI colours out, lines folded into one: the summary is read as plain text. */
function plain(text) {
  return (
    String(text)
      // eslint-disable-next-line no-control-regex -- the escape character is what is matched
      .replace(/\u001b\[[0-9;]*m/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The start of an error, on a line of its own under the test's name. */
function why(message, at) {
  if (!message) return '';
  const place = at ? ` (at ${at})` : '';
  return `\n        why: ${plain(message).slice(0, 400)}${place}`;
}

/** A Playwright test's last try's error and the line of the spec that raised it. */
function playwrightWhy(test) {
  const last = (test.results ?? []).at(-1);
  const error = last?.error ?? last?.errors?.[0];
  if (!error) return '';
  const at = error.location ? `${path.basename(error.location.file)}:${error.location.line}` : undefined;
  return why(error.message, at);
}

function firstLine(text) {
  return String(text ?? 'failed to load')
    .split('\n')[0]
    .slice(0, 200);
}

const failedNames = [];
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
          // A failed test also fails its describe blocks and its file: only a file that failed with
          // no failed test (it did not load) counts on its own, as numFailedTestSuites counts all three.
          failed: report.numFailedTests + filesFailedWithoutTests(report),
          skipped: report.numPendingTests + report.numTodoTests,
        }
      : {
          passed: report.stats.expected + report.stats.flaky,
          failed: report.stats.unexpected,
          skipped: report.stats.skipped,
        };
  for (const name of failures(kind, report)) failedNames.push(`${label}: ${name}`);
  console.log(`  ${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
}
if (failedNames.length > 0) {
  console.log('  failed:');
  for (const name of failedNames.slice(0, 40)) console.log(`    ${name}`);
  if (failedNames.length > 40) console.log(`    ... and ${failedNames.length - 40} more`);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
