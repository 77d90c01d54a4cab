import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, tempDir, type TestDatabase } from '../../test/helper';
import { registerCustomer } from '../accounts/accounts-service';
import { backupDatabase, restoreDatabase } from './backup';
import { users } from './schema';

let database: TestDatabase;
const folder = tempDir('portal-backup-files-');
const clock = { now: () => new Date('2026-03-01T00:00:00Z') };

beforeAll(async () => {
  database = await createTestDatabase();
  await registerCustomer({ db: database.db, clock }, null);
});
afterAll(async () => {
  await database.close();
  folder.remove();
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('backup files', () => {
  it('are readable by their owner only, whatever the umask, and so is the partial file', async () => {
    const previous = process.umask(0o022);
    try {
      const file = path.join(folder.dir, 'shop.backup');
      // A leftover partial file of an earlier run, world-readable, is not reused with its mode.
      fs.writeFileSync(`${file}.partial`, 'old', { mode: 0o644 });
      await backupDatabase(database.db, file);
      expect(modeOf(file)).toBe(0o600);
      expect(fs.existsSync(`${file}.partial`)).toBe(false);

      // A backup that cannot be put in place leaves its partial file, still private.
      const blocked = path.join(folder.dir, 'blocked.backup');
      fs.mkdirSync(path.join(blocked, 'inside'), { recursive: true });
      await expect(backupDatabase(database.db, blocked)).rejects.toThrow();
      expect(modeOf(`${blocked}.partial`)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('a refused restore names the line and the reason, never the row', async () => {
    const file = path.join(folder.dir, 'tampered.backup');
    await backupDatabase(database.db, file);
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    const index = lines.findIndex((line) => line.includes('"api_key_hash"'));
    expect(index).toBeGreaterThan(0);
    const row = JSON.parse(lines[index]!) as Record<string, unknown>;
    // A row the schema refuses (a negative balance), carrying a value that must not be printed.
    lines[index] = JSON.stringify({ ...row, api_key_hash: 'SECRET-MARKER-7f3a', balance_cents: -500 });
    fs.writeFileSync(file, zlib.gzipSync(lines.join('\n')));

    const before = await database.db.select().from(users);
    const failure = await restoreDatabase(database.db, file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(
      new RegExp(`^Line ${index + 1} of the backup \\(table users\\) was refused: SQLSTATE 23514`),
    );
    expect(message).not.toContain('SECRET-MARKER');
    expect(message).not.toContain(String(row.referral_key));
    expect(JSON.stringify(failure)).not.toContain('SECRET-MARKER');
    // Nothing changed.
    expect(await database.db.select().from(users).where(eq(users.id, before[0]!.id))).toEqual([before[0]]);
  });
});
