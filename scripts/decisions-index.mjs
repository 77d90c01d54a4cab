// Checks the decision records in docs/decisions and the index that lists them.
//
//   node scripts/decisions-index.mjs          check (npm run lint runs this): exit 1 on any problem
//   node scripts/decisions-index.mjs --write  also rewrite docs/decisions/README.md from the records
//
// A record is `NNN-short-title.md` that opens with `# NNN. Title`, then `- Date: YYYY-MM-DD` and
// `- Status: …`, and has the headings Context, Decision and Consequences in that order. Numbers
// start at 001 and have no gaps or repeats, so "the next record" is never a guess. The index is
// generated, never edited: a record added without running --write fails the check, and so does a
// title, date or status changed in a record but not in the index.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, 'docs', 'decisions');
const indexPath = path.join(folder, 'README.md');
const HEADINGS = ['## Context', '## Decision', '## Consequences'];
const FILE_NAME = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** Reads one record; returns its fields and the problems found in it. */
function readRecord(file) {
  const problems = [];
  const match = FILE_NAME.exec(file);
  if (!match) return { problems: [`${file}: the name must be NNN-short-title.md (lower case, digits, dashes)`] };
  const number = Number(match[1]);
  const lines = readFileSync(path.join(folder, file), 'utf8').split('\n');
  const title = /^# (\d{3})\. (.+)$/.exec(lines[0] ?? '');
  if (!title) problems.push(`${file}: the first line must be "# ${match[1]}. Title"`);
  else if (title[1] !== match[1]) problems.push(`${file}: the heading says ${title[1]}, the file name ${match[1]}`);
  const date = lines.map((line) => /^- Date: (\d{4}-\d{2}-\d{2})$/.exec(line)).find(Boolean);
  if (!date) problems.push(`${file}: no "- Date: YYYY-MM-DD" line`);
  else if (Number.isNaN(Date.parse(`${date[1]}T00:00:00Z`))) problems.push(`${file}: ${date[1]} is not a date`);
  const status = lines.map((line) => /^- Status: (\S.*)$/.exec(line)).find(Boolean);
  if (!status) problems.push(`${file}: no "- Status: …" line`);
  let after = -1;
  for (const heading of HEADINGS) {
    const at = lines.indexOf(heading);
    if (at === -1) problems.push(`${file}: no "${heading}" heading`);
    else if (at < after) problems.push(`${file}: "${heading}" is out of order (Context, Decision, Consequences)`);
    else after = at;
  }
  return { file, number, title: title?.[2], date: date?.[1], status: status?.[1], problems };
}

/** Numbers must run 1, 2, 3, … with no gap and no repeat. */
function numberingProblems(records) {
  const problems = [];
  records.forEach((record, i) => {
    const previous = records[i - 1];
    if (previous && previous.number === record.number) {
      problems.push(`${previous.file} and ${record.file} share the number ${record.number}`);
    } else if (record.number !== (previous ? previous.number + 1 : 1)) {
      const expected = String(previous ? previous.number + 1 : 1).padStart(3, '0');
      problems.push(`${record.file}: expected number ${expected} here (numbers start at 001, with no gaps)`);
    }
  });
  return problems;
}

async function renderIndex(records) {
  const rows = records.map(
    (r) => `| ${String(r.number).padStart(3, '0')} | [${r.title}](${r.file}) | ${r.date} | ${r.status} |`,
  );
  const text = [
    '# Decision records',
    '',
    "Where the product's requirements are silent, these records say what we built and why, one decision (or one",
    'round of related decisions) per file, newest last. A decision that changes an earlier one is a new record',
    'that says so; the earlier record stays as it was, its status naming the record that replaced it.',
    '',
    'A new record is the next free number, `NNN-short-title.md`, in this form:',
    '',
    '```',
    '# NNN. Title',
    '',
    '- Date: YYYY-MM-DD',
    '- Status: accepted',
    '',
    '## Context',
    '',
    '## Decision',
    '',
    '## Consequences',
    '```',
    '',
    'This index is generated: run `node scripts/decisions-index.mjs --write` after adding or changing a record',
    '(`npm run lint` fails while it is out of date).',
    '',
    '| No. | Decision | Date | Status |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  const options = await prettier.resolveConfig(indexPath);
  return prettier.format(text, { ...options, filepath: indexPath });
}

const files = readdirSync(folder).filter((file) => file.endsWith('.md') && file !== 'README.md');
const records = files.map(readRecord).sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
const problems = records.flatMap((record) => record.problems);
const valid = records.filter((record) => record.problems.length === 0);
problems.push(...numberingProblems(valid));

const index = await renderIndex(valid);
if (process.argv.includes('--write')) {
  writeFileSync(indexPath, index);
} else {
  let current = '';
  try {
    current = readFileSync(indexPath, 'utf8');
  } catch {
    // A missing index is reported below like a stale one.
  }
  if (current !== index) {
    problems.push(
      'docs/decisions/README.md does not list the records as they are: run node scripts/decisions-index.mjs --write',
    );
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`decisions: ${problem}`);
  process.exit(1);
}
console.log(`decisions: ${valid.length} records, numbered 001-${String(valid.length).padStart(3, '0')}, index current`);
