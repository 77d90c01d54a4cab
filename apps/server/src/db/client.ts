import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import { startEmbeddedPostgres } from './embedded-postgres';
import { schema } from './schema';
import { SERVER_ROOT } from '../lib/server-root';

/**
 * The one query layer: drizzle over node-postgres, on the embedded PostgreSQL (the default) or
 * on DATABASE_URL; PGlite (the earlier embedded default, `pglite.ts`) serves the unit tests and
 * the move of old data folders.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Database | Transaction;

export type NotificationHandler = (channel: string, payload: string) => void;

/** Connections of a PostgreSQL pool (PGlite is one connection in the process: no pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'embedded' | 'postgres';
  migrate(): Promise<void>;
  /**
   * LISTENs on channels; `onReconnect` runs after a lost listening connection is back (anything
   * may have been missed meanwhile). Answers a function that stops listening.
   */
  listen(channels: string[], onNotify: NotificationHandler, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  poolStats?: () => PoolStats;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

export function openPostgres(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => undefined);
        client.release();
      }
    },
    listen: (channels, onNotify, onReconnect) => listenPostgres(connectionString, channels, onNotify, onReconnect),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}

/** A dedicated connection for LISTEN, re-established after a loss (server restart, network). */
async function listenPostgres(
  connectionString: string,
  channels: string[],
  onNotify: NotificationHandler,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    // One retry per client: a failed connect both rejects and emits 'end', and answering each
    // with a new attempt doubled the attempts every second while the server was away.
    let retrying = false;
    const retry = () => {
      if (stopped || retrying) return;
      retrying = true;
      setTimeout(() => {
        connect().then(
          () => onReconnect?.(),
          () => undefined,
        );
      }, 1000).unref();
    };
    next.on('notification', (message) => onNotify(message.channel, message.payload ?? ''));
    next.on('error', () => undefined);
    next.on('end', retry);
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      retry();
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };
  try {
    await connect();
  } catch (error) {
    // The caller learns of it now; no retries behind its back.
    stopped = true;
    throw error;
  }
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');
export const embeddedDir = (dataDir: string) => path.join(dataDir, 'postgres');

/** The embedded PostgreSQL in `<dataDir>/postgres` (started here, stopped by close), or PostgreSQL when a URL is given. */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const pgdata = embeddedDir(options.dataDir);
  if (fs.existsSync(pgliteDir(options.dataDir)) && !fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new Error(
      `${pgliteDir(options.dataDir)} holds data of the earlier embedded database (PGlite). Move it over once with: npm run cli -- db migrate-from-pglite`,
    );
  }
  const server = await startEmbeddedPostgres(pgdata);
  return openEmbedded(server.url, server.stop);
}

/** A handle on an embedded server; `stopServer` runs after the pool closed (nothing when another process owns the server). */
export function openEmbedded(url: string, stopServer: () => Promise<void>): DatabaseHandle {
  const handle = openPostgres(url);
  return {
    ...handle,
    kind: 'embedded',
    close: async () => {
      await handle.close();
      await stopServer();
    },
  };
}

export async function ping(db: Queryable): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Whether every migration shipped with this build is recorded as applied (drizzle's own table). */
export async function migrationsApplied(db: Queryable): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  try {
    // Both drivers answer raw queries as `{ rows }`; the shared database type leaves it unknown.
    const result = (await db.execute(sql`SELECT count(*) AS count FROM drizzle.__drizzle_migrations`)) as {
      rows: { count: string | number }[];
    };
    return Number(result.rows[0]?.count ?? 0) >= journal.entries.length;
  } catch {
    // No migrations table yet: nothing applied.
    return false;
  }
}
