import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { openPglite } from '../src/db/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set on PostgreSQL runs: the migrated template every test file copies. */
    pgTemplate: { url: string; template: string } | null;
    /** Set on PGlite runs: a dump of a migrated database every test file loads. */
    pgliteDump: string | null;
  }
}

/**
 * Migrates once per run; each test file then gets its own copy in about a second (a new
 * PGlite with migrations would cost several seconds per file).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `portal_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const handle = openPostgres(withDatabase(url, template), 1);
    await handle.migrate();
    await handle.close();
    project.provide('pgTemplate', { url, template });
    project.provide('pgliteDump', null);
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        // Only this run's copies: other runs (parallel suites on the same server) keep theirs.
        `SELECT datname FROM pg_database WHERE starts_with(datname, $2) OR datname = $1`,
        [template, `portal_t_${process.pid}_`],
      );
      for (const { datname } of leftovers.rows) {
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
      await admin.end();
    };
  }

  const client = await PGlite.create();
  await openPglite(client).migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', file);
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
