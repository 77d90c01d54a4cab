import process from 'node:process';
import { InvalidArgumentError } from 'commander';
import { recordAudit } from '../admin/audit';
import { systemClock } from '../clock';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { lockDataDir } from '../lib/data-dir';

/**
 * The operator's tool: works on the database directly (DESIGN section 7), with the same
 * configuration as the server. On the embedded database the server must be stopped first.
 */
export async function withDatabase<T>(run: (db: Database, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    return await run(database.db, config);
  } finally {
    await database.close();
    unlock();
  }
}

export const wholeNumber = (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
};

export const dollarsToCents = (value: string) => {
  if (!/^-?\d+(\.\d{1,2})?$/.test(value)) throw new InvalidArgumentError('must be dollars, like 5 or -2.50');
  return Math.round(Number(value) * 100);
};

/** Operator actions from the command line are audited like those of the admin API. */
export function cliAudit(db: Database, action: string, details: Record<string, unknown>): Promise<void> {
  return recordAudit(db, { actor: 'cli', action, details, at: systemClock.now() });
}
