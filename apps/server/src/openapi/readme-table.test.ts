import fs from 'node:fs';
import path from 'node:path';
import { documentPath, type Access } from '@portal/contract';
import { ENDPOINTS } from '@portal/contract/registry';
import { describe, expect, it } from 'vitest';

/**
 * The README's API table is written by hand (its sentences say more than the registry's
 * summaries) and checked here against the registry: one row per call, each call of the registry
 * in it once, no call the registry lacks, and who may make it as the registry says.
 */
const README = path.resolve(import.meta.dirname, '../../../../README.md');
const MARKER = '<!-- The API table:';
const WHO: Record<Access, string> = { public: 'anyone', customer: 'customer', admin: 'admin', node: 'node' };

interface Row {
  call: string;
  who: string;
  line: string;
}

/** The table under the marker, as rows of the first two cells (a `\|` inside a cell is no border). */
function readTable(markdown: string): Row[] {
  const lines = markdown.split('\n');
  const marker = lines.findIndex((line) => line.startsWith(MARKER));
  if (marker < 0) throw new Error(`README.md has no line starting with ${MARKER}`);
  const start = lines.findIndex((line, index) => index > marker && line.startsWith('|'));
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    const calls = [...(cells[0] ?? '').matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s?]*)/g)];
    if (calls.length !== 1) throw new Error(`Each row names one call, with its method: ${line.slice(0, 120)}`);
    const [, method, callPath] = calls[0] as RegExpMatchArray;
    rows.push({ call: `${method} ${callPath}`, who: cells[1] ?? '', line: line.slice(0, 120) });
  }
  return rows;
}

describe("the README's API table", () => {
  const rows = readTable(fs.readFileSync(README, 'utf8'));
  const registry = new Map(ENDPOINTS.map((e) => [`${e.method} ${documentPath(e.path)}`, WHO[e.access]]));

  it('names every call of the registry, once', () => {
    const named = rows.map((row) => row.call);
    expect(
      [...registry.keys()].filter((call) => !named.includes(call)),
      'calls missing from README.md',
    ).toEqual([]);
    expect(
      named.filter((call, index) => named.indexOf(call) !== index),
      'calls named twice',
    ).toEqual([]);
  });

  it('names no call the registry lacks', () => {
    expect(rows.map((row) => row.call).filter((call) => !registry.has(call))).toEqual([]);
  });

  it('says who may make each call as the registry does', () => {
    const wrong = rows.filter((row) => registry.has(row.call) && registry.get(row.call) !== row.who);
    expect(wrong.map((row) => `${row.call}: ${row.who}, the registry says ${registry.get(row.call)}`)).toEqual([]);
  });

  it('is one table: a second header row or a row without a call fails', () => {
    expect(() => readTable(`${MARKER} -->\n\n| call | who | what |\n| - | - | - |\n| call | who | what |\n`)).toThrow(
      /one call/,
    );
    expect(
      readTable(`${MARKER} -->\n\n| call | who | what |\n| - | - | - |\n| \`GET /api/a?x=\` | admin | a |\n`),
    ).toEqual([{ call: 'GET /api/a', who: 'admin', line: '| `GET /api/a?x=` | admin | a |' }]);
  });
});
