import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { PGlite } from '@electric-sql/pglite';
import type { Command } from 'commander';
import { backupDatabase, holdsCustomers, restoreDatabase } from '../db/backup';
import { embeddedDir, openEmbedded, pgliteDir } from '../db/client';
import { openPglite } from '../db/pglite';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { verifyLedger } from '../ledger/ledger-service';
import { lockDataDir } from '../lib/data-dir';
import { asOperator, cliAudit, cliConfig, requireRole, runningEmbedded, withDatabase } from './cli-support';

const resolve = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * `db backup` is no call of the API, and what it writes holds every secret the shop keeps (gift
 * card codes, upstream and rental credentials): the owner's to take, as the scheduled backups are.
 */
const WRITE_BACKUP = { operationId: 'writeBackup', summary: 'Write a backup of the whole database', roles: [] };
/** Replacing every row is the owner's too. */
const RESTORE_BACKUP = { operationId: 'restoreBackup', summary: 'Replace the database with a backup', roles: [] };
/** So is moving every row into a new database: checked against the team of the database moved. */
const MOVE_DATABASE = { operationId: 'moveDatabase', summary: 'Move the earlier embedded database', roles: [] };

/** Backups of the database and the move from the earlier embedded database. */
export function addDbCommands(program: Command): void {
  const db = program.command('db').description('backups of the database');

  db.command('backup <file>')
    .description('write every table to FILE (gzip; consistent, and safe while the server runs)')
    .action(async (file: string) => {
      const summary = await asOperator(WRITE_BACKUP, async (deps) => {
        const written = await backupDatabase(deps.db, resolve(file));
        await cliAudit(deps.db, 'db.backup', { file, rows: written.rows });
        return written;
      });
      console.log(`Backed up ${summary.rows} rows of ${summary.tables} tables to ${file}.`);
    });

  db.command('restore <file>')
    .description('replace every row with those of a backup (stop the server first)')
    .option('--force', 'replace a database that already holds customers')
    .action(async (file: string, options: { force?: boolean }) => {
      if (!fs.existsSync(resolve(file))) throw new Error(`No such file: ${file}`);
      const summary = await withDatabase(
        async (database) => {
          await requireRole(database, RESTORE_BACKUP);
          if (!options.force && (await holdsCustomers(database))) {
            throw new Error('This database already holds customers: add --force to replace all of its data.');
          }
          const restored = await restoreDatabase(database, resolve(file));
          await cliAudit(database, 'db.restore', { file, rows: restored.rows });
          return restored;
        },
        { exclusive: true },
      );
      console.log(`Restored ${summary.rows} rows of ${summary.tables} tables from ${file}.`);
    });

  db.command('migrate-from-pglite')
    .description('move the data of the earlier embedded database (DATA_DIR/pglite) into the embedded PostgreSQL')
    .action(async () => {
      const config = cliConfig();
      if (config.databaseUrl) throw new Error('DATABASE_URL is set: this command moves the embedded database only.');
      runningEmbedded(config, true);
      const source = pgliteDir(config.dataDir);
      if (!fs.existsSync(source)) throw new Error(`Nothing to move: ${source} does not exist.`);
      const unlock = lockDataDir(config.dataDir);
      try {
        // The export stays beside the data: the old folder is kept too, renamed, until the operator removes it.
        const exportFile = path.join(config.dataDir, 'pglite-export.backup');
        const old = openPglite(await PGlite.create(source));
        try {
          await old.migrate();
          await requireRole(old.db, MOVE_DATABASE);
          await backupDatabase(old.db, exportFile);
        } finally {
          await old.close();
        }
        const server = await startEmbeddedPostgres(embeddedDir(config.dataDir));
        const target = openEmbedded(server.url, server.stop);
        try {
          await target.migrate();
          if (await holdsCustomers(target.db)) {
            throw new Error(`${embeddedDir(config.dataDir)} already holds customers: nothing was moved.`);
          }
          const summary = await restoreDatabase(target.db, exportFile);
          const { mismatches } = await verifyLedger(target.db);
          if (mismatches.length > 0) throw new Error(`The moved ledger does not verify: ${JSON.stringify(mismatches)}`);
          await cliAudit(target.db, 'db.migrate-from-pglite', { rows: summary.rows });
          fs.renameSync(source, `${source}.migrated`);
          console.log(
            `Moved ${summary.rows} rows of ${summary.tables} tables into the embedded PostgreSQL; the old data is kept in ${source}.migrated and ${exportFile}.`,
          );
        } finally {
          await target.close();
        }
      } finally {
        unlock();
      }
    });
}
