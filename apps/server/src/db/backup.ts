import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from './client';

/**
 * A logical backup of every table: gzip'd JSON lines, a header naming the schema's migrations,
 * then each table's rows as PostgreSQL's own JSON of them (`row_to_json`), which loads back
 * exactly (timestamps with zone, numerics, JSON). It needs no pg_dump (the embedded PostgreSQL
 * package ships none) and reads one snapshot, so it is consistent while the server runs.
 */
const FORMAT = 'proxyport-backup';
const VERSION = 1;
const INSERT_BATCH = 500;
/** Starts a table's header line; no row's JSON starts with it (no column has this name). */
const TABLE_MARK = '@table';

interface Header {
  format: string;
  version: number;
  createdAt: string;
  migrations: string[];
}

export interface BackupSummary {
  tables: number;
  rows: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function appliedMigrations(db: Queryable): Promise<string[]> {
  const result = await db.execute(sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`);
  return rowsOf<{ hash: string }>(result).map((row) => row.hash);
}

async function tableNames(db: Queryable): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
}

async function* backupLines(db: Database, summary: BackupSummary): AsyncGenerator<string> {
  const lines: string[] = [];
  await db.transaction(
    async (tx) => {
      const header: Header = {
        format: FORMAT,
        version: VERSION,
        createdAt: new Date().toISOString(),
        migrations: await appliedMigrations(tx),
      };
      lines.push(JSON.stringify(header));
      for (const table of await tableNames(tx)) {
        const result = await tx.execute(sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table)} t`);
        const rows = rowsOf<{ row: string }>(result);
        lines.push(JSON.stringify({ [TABLE_MARK]: table, rows: rows.length }));
        for (const { row } of rows) lines.push(row);
        summary.tables += 1;
        summary.rows += rows.length;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  for (const line of lines) yield `${line}\n`;
}

/**
 * A new file only its owner can read, whatever the umask: a backup holds every rental's password,
 * unused gift card codes and upstream credentials. A leftover of the same name is replaced, not
 * reused with its old mode.
 */
export function createPrivateFile(file: string): fs.WriteStream {
  fs.rmSync(file, { force: true });
  const fd = fs.openSync(file, 'wx', 0o600);
  fs.fchmodSync(fd, 0o600);
  return fs.createWriteStream('', { fd });
}

function syncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes the backup to `file` (0600, replaced only once complete). */
export async function backupDatabase(db: Database, file: string): Promise<BackupSummary> {
  const summary: BackupSummary = { tables: 0, rows: 0 };
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.from(backupLines(db, summary)), zlib.createGzip(), createPrivateFile(partial));
  } catch (error) {
    // Half a backup is of no use, and on a full disk it would keep the next one from being written.
    fs.rmSync(partial, { force: true });
    throw error;
  }
  // On the disk before it takes the final name, and the name on the disk before the run is
  // recorded ok and older backups are rotated away: a crash must not leave an empty "ok" copy.
  syncPath(partial);
  fs.renameSync(partial, file);
  syncPath(path.dirname(file));
  return summary;
}

interface Line {
  /** 1-based, in the uncompressed backup: what an operator can find with `zcat | sed -n`. */
  number: number;
  text: string;
}

async function* readLines(file: string): AsyncGenerator<Line> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file).pipe(zlib.createGunzip()),
    crlfDelay: Infinity,
  });
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (text) yield { number, text };
  }
}

/**
 * Why the database refused a row, in terms that never repeat the row: its rows hold API key
 * hashes, passwords and gift card codes, and the database's own message may quote a value.
 */
function refusalOf(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const found = current as { code?: unknown; constraint?: unknown; column?: unknown };
    if (typeof found.code === 'string' && /^[0-9A-Z]{5}$/.test(found.code)) {
      const names = [
        typeof found.constraint === 'string' ? `constraint ${found.constraint}` : '',
        typeof found.column === 'string' ? `column ${found.column}` : '',
      ].filter(Boolean);
      return `SQLSTATE ${found.code}${names.length > 0 ? `, ${names.join(', ')}` : ''}`;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return 'an unexpected error';
}

export class RestoreError extends Error {
  constructor(line: number, table: string, reason: string) {
    super(`Line ${line} of the backup (table ${table}) was refused: ${reason}. Nothing was restored.`);
    this.name = 'RestoreError';
  }
}

/**
 * A batch in a savepoint; when the database refuses it, its rows one by one to name the first
 * refused line. The transaction is given up either way.
 */
async function insertLines(
  db: Queryable & Pick<Database, 'transaction'>,
  table: string,
  columns: string[],
  batch: Line[],
) {
  if (batch.length === 0) return;
  try {
    await db.transaction((savepoint) =>
      insertBatch(
        savepoint,
        table,
        columns,
        batch.map((line) => line.text),
      ),
    );
    return;
  } catch (error) {
    for (const line of batch) {
      await db
        .transaction((savepoint) => insertBatch(savepoint, table, columns, [line.text]))
        .catch((rowError: unknown) => {
          throw new RestoreError(line.number, table, refusalOf(rowError));
        });
    }
    throw new RestoreError(batch[0]!.number, table, refusalOf(error));
  }
}

function parseHeader(line: string): Header | null {
  try {
    return JSON.parse(line) as Header;
  } catch {
    return null;
  }
}

function tableOf(line: Line): string {
  try {
    const table = (JSON.parse(line.text) as Record<string, unknown>)[TABLE_MARK];
    if (typeof table === 'string' && /^[a-z_][a-z0-9_]*$/.test(table)) return table;
  } catch {
    // Named below without the line's text.
  }
  throw new RestoreError(line.number, '(unknown)', 'an unreadable table header');
}

/**
 * Every row of a backup with its table, parsed, after its header is checked: what a check of a
 * written file (its ledger, for instance) reads without a database.
 */
export async function* backupRows(file: string): AsyncGenerator<{ table: string; row: Record<string, unknown> }> {
  const lines = readLines(file);
  const first = await lines.next();
  const header = first.done ? null : parseHeader(first.value.text);
  if (header?.format !== FORMAT || header.version !== VERSION) throw new Error(`${file} is not a portal backup`);
  let table = '';
  for await (const line of lines) {
    if (line.text.startsWith(`{"${TABLE_MARK}":`)) {
      table = tableOf(line);
      continue;
    }
    yield { table, row: JSON.parse(line.text) as Record<string, unknown> };
  }
}

/** What a restore would replace: is there anything in the database yet? */
export async function holdsCustomers(db: Queryable): Promise<boolean> {
  const result = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM users) AS any`);
  return rowsOf<{ any: boolean }>(result)[0]?.any === true;
}

async function insertBatch(db: Queryable, table: string, columns: string[], rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO ${sql.identifier(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${`[${rows.join(',')}]`}::json)`,
  );
}

async function writableColumns(db: Queryable, table: string): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`,
  );
  return rowsOf<{ column_name: string }>(result).map((row) => row.column_name);
}

/** Serial and identity columns continue after the restored rows' largest value. */
async function resetSequences(db: Queryable): Promise<void> {
  const result = await db.execute(
    sql`SELECT table_name, column_name, pg_get_serial_sequence(format('%I', table_name), column_name) AS seq
        FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  for (const { table_name, column_name, seq } of rowsOf<{
    table_name: string;
    column_name: string;
    seq: string | null;
  }>(result)) {
    if (!seq) continue;
    await db.execute(
      sql`SELECT setval(${seq}::regclass, COALESCE((SELECT max(${sql.identifier(column_name)}) FROM ${sql.identifier(table_name)}), 0) + 1, false)`,
    );
  }
}

/**
 * Replaces every row with the backup's, in one transaction (a failed restore changes nothing).
 * The database must be at the backup's schema: migrated by the same version of the portal.
 * Foreign keys are not checked row by row (`session_replication_role = replica`, which needs a
 * superuser: the embedded database's user is one); the backup came from a database that held them.
 */
export async function restoreDatabase(db: Database, file: string): Promise<BackupSummary> {
  const lines = readLines(file);
  const first = await lines.next();
  const header = first.done ? null : parseHeader(first.value.text);
  if (header?.format !== FORMAT || header.version !== VERSION) throw new Error(`${file} is not a portal backup`);
  const migrations = await appliedMigrations(db);
  if (JSON.stringify(migrations) !== JSON.stringify(header.migrations)) {
    throw new Error(
      `${file} was made at another schema version (${header.migrations.length} migrations, this database has ${migrations.length}). Restore it with the portal version that made it, then upgrade.`,
    );
  }
  const summary: BackupSummary = { tables: 0, rows: 0 };
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    const tables = await tableNames(tx);
    await tx.execute(
      sql`TRUNCATE ${sql.join(
        tables.map((table) => sql.identifier(table)),
        sql`, `,
      )} RESTART IDENTITY`,
    );
    let table = '';
    let columns: string[] = [];
    let batch: Line[] = [];
    for await (const line of lines) {
      if (line.text.startsWith(`{"${TABLE_MARK}":`)) {
        await insertLines(tx, table, columns, batch);
        batch = [];
        table = tableOf(line);
        if (!tables.includes(table)) throw new Error(`${file} holds a table this schema lacks: ${table}`);
        columns = await writableColumns(tx, table);
        summary.tables += 1;
        continue;
      }
      if (!table) throw new RestoreError(line.number, '(none)', 'a row before any table');
      batch.push(line);
      summary.rows += 1;
      if (batch.length >= INSERT_BATCH) {
        await insertLines(tx, table, columns, batch);
        batch = [];
      }
    }
    await insertLines(tx, table, columns, batch);
    await resetSequences(tx);
  });
  return summary;
}
