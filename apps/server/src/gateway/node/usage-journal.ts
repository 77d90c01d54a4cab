import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { NODE_USAGE_MAX_ENTRIES, type NodeUsageBatch } from '@portal/contract';

/** Acknowledged batches kept in the file before it is rewritten with only what is still owed. */
const COMPACT_AFTER = 1000;

type Line = { batch: NodeUsageBatch } | { ack: number } | { next: number } | { journal: string };

function parseLine(text: string): Line | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    if ('batch' in value || 'ack' in value || 'next' in value || 'journal' in value) return value as Line;
    return null;
  } catch {
    return null;
  }
}

/**
 * A node's usage on its own disk, before the API has it: one JSON line per batch, appended and
 * fsynced before the batch is sent, and one line per acknowledgement. A crash (kill -9) can tear
 * only the last line, which is dropped on reading; batch numbers go on from the highest seen, so
 * a number is never used twice. Batches not acknowledged are sent again after a restart until
 * the API answers; the API applies each number of this journal once. The journal's id, its
 * first line, is made with the file and kept through compaction.
 */
export class UsageJournal {
  private fd: number;
  private readonly owed = new Map<number, NodeUsageBatch>();
  private nextBatch = 1;
  private acked = 0;
  private journalId: string | null = null;

  constructor(private readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.read();
    this.fd = fs.openSync(file, 'a', 0o600);
    if (this.journalId === null) {
      this.journalId = randomUUID();
      fs.writeSync(this.fd, `${JSON.stringify({ journal: this.journalId })}\n`);
      fs.fsyncSync(this.fd);
    }
  }

  /** This journal's id: what the API tells its batches apart by, beside their numbers. */
  get id(): string {
    return this.journalId ?? '';
  }

  private read(): void {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(this.file);
    } catch {
      return;
    }
    // A torn last line is cut off, or the next line appended would join it and be lost with it.
    const end = bytes.lastIndexOf(0x0a) + 1;
    if (end < bytes.length) fs.truncateSync(this.file, end);
    const text = bytes.subarray(0, end).toString('utf8');
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      // A torn line (the process died mid-write) was never fsynced, so never sent: nothing is lost.
      const line = parseLine(raw);
      if (!line) continue;
      if ('batch' in line) {
        this.owed.set(line.batch.batch, line.batch);
        this.nextBatch = Math.max(this.nextBatch, line.batch.batch + 1);
      } else if ('ack' in line) {
        this.owed.delete(line.ack);
        this.nextBatch = Math.max(this.nextBatch, line.ack + 1);
        this.acked += 1;
      } else if ('journal' in line) {
        this.journalId = line.journal;
      } else {
        this.nextBatch = Math.max(this.nextBatch, line.next);
      }
    }
  }

  /** Numbers and writes a batch to disk (fsynced before this returns); answers it. */
  append(content: Omit<NodeUsageBatch, 'batch'>): NodeUsageBatch {
    const batch: NodeUsageBatch = { journal: this.id, batch: this.nextBatch, ...content };
    this.nextBatch += 1;
    fs.writeSync(this.fd, `${JSON.stringify({ batch })}\n`);
    fs.fsyncSync(this.fd);
    this.owed.set(batch.batch, batch);
    return batch;
  }

  /**
   * One second's usage as batches the API accepts: each list cut at its limit, side by side, so
   * a busy second becomes several batches rather than one the API refuses.
   */
  appendAll(content: Omit<NodeUsageBatch, 'batch' | 'journal'>): void {
    const { at, entries, active, sources = [] } = content;
    const longest = Math.max(entries.length, active.length, sources.length);
    for (let start = 0; start < longest; start += NODE_USAGE_MAX_ENTRIES) {
      const part = sources.slice(start, start + NODE_USAGE_MAX_ENTRIES);
      this.append({
        at,
        entries: entries.slice(start, start + NODE_USAGE_MAX_ENTRIES),
        active: active.slice(start, start + NODE_USAGE_MAX_ENTRIES),
        ...(part.length > 0 ? { sources: part } : {}),
      });
    }
  }

  /** Batches the API has not acknowledged, oldest first. */
  pending(): NodeUsageBatch[] {
    return [...this.owed.values()].sort((a, b) => a.batch - b.batch);
  }

  /** The API has the batch (applied now or before): it is not sent again. */
  acknowledge(batch: number): void {
    if (!this.owed.delete(batch)) return;
    // Not fsynced: lost, it only means the batch is sent once more, and the API ignores it.
    fs.writeSync(this.fd, `${JSON.stringify({ ack: batch })}\n`);
    this.acked += 1;
    if (this.acked >= COMPACT_AFTER) this.compact();
  }

  /** The next batch number (what a restart would continue from). */
  get next(): number {
    return this.nextBatch;
  }

  /** Rewrites the file with the next number and what is still owed, then swaps it in. */
  private compact(): void {
    const temporary = `${this.file}.tmp`;
    const lines = [{ journal: this.id }, { next: this.nextBatch }, ...this.pending().map((batch) => ({ batch }))];
    const fd = fs.openSync(temporary, 'w', 0o600);
    fs.writeSync(fd, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(temporary, this.file);
    fs.closeSync(this.fd);
    this.fd = fs.openSync(this.file, 'a', 0o600);
    this.acked = 0;
  }

  close(): void {
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
  }
}
