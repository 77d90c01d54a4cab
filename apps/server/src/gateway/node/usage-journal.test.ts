import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helper';
import { until } from '../../../test/gateway-kit';
import { UsageJournal } from './usage-journal';

const serverDir = path.resolve(import.meta.dirname, '../../..');

describe('the usage journal of a node', () => {
  it('keeps every batch it answered for through kill -9, and never reuses a number', async () => {
    const dir = tempDir('portal-journal-');
    const file = path.join(dir.dir, 'usage.journal');
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/journal-writer.ts', file], { cwd: serverDir });
      let printed = '';
      child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      await until(() => printed.split('\n').length > 200, 30_000);
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      const numbers = printed
        .split('\n')
        .filter((line) => /^\d+$/.test(line))
        .map(Number);
      const last = Math.max(...numbers);

      const journal = new UsageJournal(file);
      const pending = journal.pending().map((batch) => batch.batch);
      for (const number of numbers) expect(pending).toContain(number);
      // What the process wrote but had not printed may be there too; nothing past it.
      expect(journal.next).toBeGreaterThan(last);
      expect(pending).toEqual([...pending].sort((a, b) => a - b));
      journal.close();
    } finally {
      dir.remove();
    }
  }, 60_000);

  it('reads past a torn last line, forgets acknowledged batches, and numbers on after compaction', () => {
    const dir = tempDir('portal-journal-');
    const file = path.join(dir.dir, 'usage.journal');
    try {
      const journal = new UsageJournal(file);
      const content = { at: new Date().toISOString(), entries: [], active: [7] };
      for (let n = 0; n < 1005; n += 1) journal.append(content);
      for (let n = 1; n <= 1003; n += 1) journal.acknowledge(n);
      journal.close();
      fs.appendFileSync(file, '{"batch":{"batch":1006,"at":"2026-');

      const again = new UsageJournal(file);
      // The journal keeps its id through compaction and restarts; every batch carries it.
      expect(again.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.id).toBe(journal.id);
      expect(again.pending().map((batch) => batch.journal)).toEqual([journal.id, journal.id]);
      expect(again.pending().map((batch) => batch.batch)).toEqual([1004, 1005]);
      expect(again.next).toBe(1006);
      expect(again.append(content).batch).toBe(1006);
      again.close();
      // The torn line was cut off, so the batch written after it reads back.
      expect(new UsageJournal(file).pending().map((batch) => batch.batch)).toEqual([1004, 1005, 1006]);
      // The compacted file holds the next number and what is owed, not a thousand acknowledged batches.
      expect(fs.readFileSync(file, 'utf8').split('\n').length).toBeLessThan(20);
      // An empty DATA_DIR (a node reinstalled) is a journal of its own, numbered from 1 again.
      const fresh = new UsageJournal(path.join(dir.dir, 'other', 'usage.journal'));
      expect(fresh.id).not.toBe(journal.id);
      expect(fresh.append(content)).toMatchObject({ journal: fresh.id, batch: 1 });
      fresh.close();
    } finally {
      dir.remove();
    }
  });
});
